import { useId } from 'react';
import { countryName } from './countryName';
import { placeNames } from './placeNames';

/**
 * "Country you live in": a native select, the chosen country alone until someone reaches for it,
 * then every country by name. The list (fetched, named through Intl.DisplayNames and sorted, a few
 * hundred options to lay out) is built on that first reach, so showing the form does not pay it.
 */
export function CountryField({
  country,
  onCountryChange,
}: {
  country: string;
  onCountryChange: (country: string) => void;
}) {
  const id = useId();
  const names = placeNames.useLoaded();
  const options = names?.countries ?? [{ code: country, name: countryName(country) }];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Country you live in
      </label>
      <div className="field__box">
        <select
          id={id}
          name="country"
          className="field__input"
          value={country}
          onChange={(event) => onCountryChange(event.target.value)}
          // Reaching for the list fetches it (again, after a network blip): a pointer goes down, and
          // the keyboard focuses, before the list opens.
          onPointerDown={() => void placeNames.load()}
          onFocus={() => void placeNames.load()}
        >
          {options.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
