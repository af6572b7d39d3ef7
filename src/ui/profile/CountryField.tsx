import { SelectField } from '../forms/SelectField';
import { countryName } from './countryName';
import { placeNames } from './placeNames';

/**
 * "Country you live in": a native select, the chosen country alone until someone reaches for it,
 * then every country by name. The list (fetched, named through Intl.DisplayNames and sorted, a few
 * hundred options to lay out) is built on that first reach, so showing the form does not pay it;
 * reaching again fetches it again after a network blip.
 */
export function CountryField({
  country,
  onCountryChange,
}: {
  country: string;
  onCountryChange: (country: string) => void;
}) {
  const names = placeNames.useLoaded();
  const options = names?.countries.map(({ code, name }) => [code, name] as const) ?? [
    [country, countryName(country)] as const,
  ];
  return (
    <SelectField
      label="Country you live in"
      name="country"
      value={country}
      options={options}
      onReach={() => void placeNames.load()}
      onChoose={onCountryChange}
    />
  );
}
