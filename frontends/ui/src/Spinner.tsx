/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label = '불러오는 중...' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
