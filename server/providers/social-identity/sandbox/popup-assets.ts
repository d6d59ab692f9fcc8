/**
 * The sandbox popup's stylesheet and script, served as files from the sandbox origin so the page's
 * CSP stays `script-src 'self'; style-src 'self'`. The script posts the ID token to the opener
 * with the app's origin as target origin: no other page can receive it.
 */
export const SOCIAL_POPUP_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px; background: #fff; color: #1a1a2e; font-size: 16px; max-width: 480px; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 20px 0 6px; }
p { margin: 4px 0 8px; }
label { display: block; font-size: 14px; font-weight: 600; margin: 10px 0 4px; }
input { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #8a8fa3; border-radius: 8px; min-height: 44px; }
button { font: inherit; min-height: 44px; width: 100%; border-radius: 8px; border: 1px solid #8a8fa3; padding: 8px 12px; margin-top: 8px; cursor: pointer; background: #fff; color: #1a1a2e; text-align: left; }
button.primary { background: #1d6f5f; color: #fff; border: 0; font-weight: 600; text-align: center; }
.who small { display: block; color: #4a4f63; }
.error { color: #b3261e; font-size: 14px; min-height: 1.3em; }
.note { color: #4a4f63; font-size: 13px; }
`;

export const SOCIAL_POPUP_JS = `(function () {
  'use strict';
  var body = document.body;
  var appOrigin = body.getAttribute('data-app-origin');
  var provider = body.getAttribute('data-provider');
  var clientId = body.getAttribute('data-client-id');
  var nonce = body.getAttribute('data-nonce');
  var error = document.getElementById('error');
  var status = document.getElementById('status');
  function post(path, payload) {
    return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); });
  }
  function signIn(payload) {
    error.textContent = '';
    payload.client_id = clientId;
    payload.nonce = nonce;
    post('/' + provider + '/token', payload).then(function (r) {
      if (!r.ok) { error.textContent = (r.json && r.json.error && r.json.error.message) || 'Sign-in failed.'; return; }
      if (window.opener) window.opener.postMessage({ type: 'lc-social-id-token', provider: provider, id_token: r.json.id_token }, appOrigin);
      status.textContent = 'Signed in. You can close this window.';
      window.close();
    }, function () { error.textContent = 'The sandbox could not be reached.'; });
  }
  Array.prototype.forEach.call(document.querySelectorAll('button[data-sub]'), function (b) {
    b.addEventListener('click', function () { signIn({ sub: b.getAttribute('data-sub') }); });
  });
  var form = document.getElementById('custom');
  if (form) form.addEventListener('submit', function (event) {
    event.preventDefault();
    signIn({
      email: form.elements.email.value,
      given_name: form.elements.given_name.value,
      family_name: form.elements.family_name.value,
      birthdate: form.elements.birthdate.value
    });
  });
  var deletion = document.getElementById('deletion');
  if (deletion) deletion.addEventListener('submit', function (event) {
    event.preventDefault();
    error.textContent = '';
    post('/' + provider + '/data-deletion', { email: deletion.elements.deletion_email.value, client_id: clientId }).then(function (r) {
      if (!r.ok) { error.textContent = (r.json && r.json.error && r.json.error.message) || 'The request failed.'; return; }
      var link = document.getElementById('deletion-result');
      link.textContent = 'Status page (code ' + r.json.confirmation_code + ')';
      link.href = r.json.url;
      link.hidden = false;
    }, function () { error.textContent = 'The sandbox could not be reached.'; });
  });
  window.addEventListener('beforeunload', function () {
    if (window.opener && !status.textContent) window.opener.postMessage({ type: 'lc-social-cancelled', provider: provider }, appOrigin);
  });
})();
`;
