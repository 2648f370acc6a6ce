import type { ReactNode } from 'react';

/** The frame of a content page inside the shell's layout: a titled section styled by the shell's `.page`. */
export function Page({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
