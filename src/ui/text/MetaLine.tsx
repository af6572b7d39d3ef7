import { Children, type ReactNode } from 'react';

/**
 * A byline of short items ("By …", "Published …", "5 min read") separated by "·". Each separator
 * belongs to the item after it and an item never breaks inside, so when the line wraps the "·"
 * starts the next line with its item instead of dangling at the end of the previous one.
 */
export function MetaLine({ children }: { children: ReactNode }) {
  return (
    <p className="meta-line">
      {Children.toArray(children).map((item, index) => (
        <span key={index} className="meta-line__item">
          {index > 0 && (
            <span className="meta-line__separator" aria-hidden="true">
              ·
            </span>
          )}
          {item}
        </span>
      ))}
    </p>
  );
}
