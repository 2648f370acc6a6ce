// An honest stand-in for a screen not built yet: it says so, and shows no sample data.
export function Placeholder({ title, message }: { title: string; message: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p>{message}</p>
    </section>
  );
}
