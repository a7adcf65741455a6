/** The turning ring alone, for places that announce their state in words already. */
export function SpinnerIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg className={`${className} motion-safe:animate-spin`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A centred loading indicator for islands; `label` comes from the page's catalogue. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center p-8 text-brand">
      <SpinnerIcon className="size-8" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
