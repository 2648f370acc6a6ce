export function Footer() {
  return (
    <footer className="site-footer">
      <p>펄스 — AI·블록체인 전문 미디어</p>
      <p>{`© ${new Date().getFullYear()} 펄스. All rights reserved.`}</p>
    </footer>
  );
}
