import { useEffect, useId } from 'react';
import { countryName } from './countryName';
import { placeNames } from './placeNames';

/**
 * "Country you live in": a native select, every country by name once the list has come (fetched
 * when the form shows), the chosen one alone until then.
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
  useEffect(() => {
    void placeNames.load();
  }, []);
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
          // Reaching for the list before it came fetches it now (again, after a network blip).
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
