import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects on a narrow screen: after the `@` and
 * before a dot (`<wbr>`), not at whatever letter reaches the edge. Its text stays the address.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {address.split(/(?<=@)|(?=\.)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
