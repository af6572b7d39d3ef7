import { Link } from 'react-router-dom';
import { config } from '../../config';
import { BrandMark } from './BrandMark';
import { PATHS } from '../../paths';

/** The logo and name, linking home. `large` is the footer's version. */
export function BrandLink({ large = false }: { large?: boolean }) {
  return (
    <Link to={PATHS.home} className={large ? 'brand brand-large' : 'brand'}>
      <BrandMark className="brand-mark" />
      <span className="brand-name">{config.siteName}</span>
    </Link>
  );
}
