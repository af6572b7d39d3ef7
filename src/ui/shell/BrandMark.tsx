/** The brand mark: a lightning bolt (real-time alerts) on a rounded square. Decorative next to the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M18.5 4.5 8 18h7l-2 9.5L24 13.5h-7.2z" fill="#fff" />
    </svg>
  );
}
