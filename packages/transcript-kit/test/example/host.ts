// The host's own page: a header, a section with headings, a button and an input, and a fixed-size box the
// kit mounts into (on the pages that mount it).
export function mountHost(): HTMLElement {
  document.body.innerHTML = `
    <header id="host-header"><h1>Host header</h1></header>
    <section id="host-section">
      <h2>Host section</h2>
      <h3>Host subsection</h3>
      <button type="button" id="host-button">Host button</button>
      <input id="host-input" value="Host input" />
    </section>
    <div id="kit" style="width: 720px"></div>`;
  return document.getElementById('kit')!;
}
