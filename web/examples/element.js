// web/examples/element.html: two <glass-tag-cloud>s in one form (no inline scripts: CSP script-src 'self').

const form = document.querySelector('#form');
const interests = document.querySelector('#interests');
const topics = document.querySelector('#topics');
const note = document.querySelector('#live-note');
const output = document.querySelector('#submitted');

// The same host's /live: there when the page is served by `tagcloud serve`.
if (location.protocol === 'http:' || location.protocol === 'https:') {
  topics.live = new URL('../live', location.href).href.replace(/^http/, 'ws');
}
const notes = {
  connecting: 'Connecting to the live server…',
  live: 'Live: layouts stream from tagcloud serve.',
  reconnecting: 'Lost the live server; reconnecting. Laid out locally by the Wasm core meanwhile.',
  offline: 'No live server here: laid out locally by the Wasm core (run `make run` to go live).',
  off: 'Not live (opened from a file): laid out locally by the Wasm core.',
};
const showStatus = () => {
  note.dataset.status = topics.liveStatus;
  note.textContent = notes[topics.liveStatus] ?? topics.liveStatus;
};
topics.addEventListener('livestatus', showStatus);
showStatus();

document.querySelector('#tight').addEventListener('change', (event) => {
  interests.spacing = event.target.checked ? 3 : 18;
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const entries = [...new FormData(form)].map(([name, value]) => `${name} = ${value}`);
  output.textContent = entries.length ? entries.join('\n') : '(no entries)';
});
form.addEventListener('reset', () => {
  output.textContent = '(reset)';
  document.querySelector('#tight').checked = false;
  interests.spacing = 18;
});
