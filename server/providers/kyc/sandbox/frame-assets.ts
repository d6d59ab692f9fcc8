/**
 * The verification frame's stylesheet and script, served as files from the sandbox origin so the
 * page's CSP stays `script-src 'self'; style-src 'self'` without inline code.
 */
import { KYC_FRAME_MESSAGE_TYPE, KYC_FRAME_SUCCESS } from '../../../../src/contract/kyc.ts';

export const KYC_FRAME_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; background: #fff; color: #1a1a2e; font-size: 16px; }
h1 { font-size: 18px; margin: 0 0 8px; }
label { display: block; font-size: 14px; font-weight: 600; margin: 10px 0 4px; }
input { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #8a8fa3; border-radius: 8px; min-height: 44px; }
input:focus { outline: 3px solid #1d6f5f; outline-offset: 1px; border-color: #1d6f5f; }
input[aria-invalid="true"] { border-color: #b3261e; }
button { font: inherit; font-weight: 600; min-height: 44px; width: 100%; border-radius: 8px; border: 0; padding: 10px 16px; margin-top: 14px; cursor: pointer; background: #1d6f5f; color: #fff; }
button:disabled { opacity: 0.6; cursor: default; }
.error { color: #b3261e; font-size: 14px; min-height: 1.3em; margin: 8px 0 0; }
.note { color: #4a4f63; font-size: 13px; margin: 8px 0 0; }
.done { font-weight: 600; }
`;

export const KYC_FRAME_JS = `(function () {
  'use strict';
  var TYPE = ${JSON.stringify(KYC_FRAME_MESSAGE_TYPE)};
  var SUCCESS = ${JSON.stringify(KYC_FRAME_SUCCESS)};
  var body = document.body;
  var parentOrigin = body.getAttribute('data-parent-origin');
  var reference = body.getAttribute('data-reference');
  function post(msg) {
    msg.type = TYPE;
    if (window.parent && window.parent !== window) window.parent.postMessage(msg, parentOrigin);
  }
  var form = document.getElementById('kyc-form');
  if (!form) { post({ event: 'loaded' }); return; }
  var error = document.getElementById('error');
  var button = form.querySelector('button');
  var fields = ['first_name', 'last_name', 'birth_date', 'document_number'];
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = {};
    fields.forEach(function (name) {
      var input = document.getElementById(name);
      input.setAttribute('aria-invalid', 'false');
      data[name] = input.value.trim();
    });
    error.textContent = '';
    button.disabled = true;
    fetch('/kyc/frame/' + encodeURIComponent(reference) + '/submit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data)
    }).then(function (res) {
      return res.json().then(function (json) { return { ok: res.ok, json: json }; });
    }).then(function (answer) {
      if (!answer.ok) {
        var e = answer.json && answer.json.error ? answer.json.error : {};
        error.textContent = e.message || 'Something went wrong. Please try again.';
        if (e.field) {
          var bad = document.getElementById(e.field);
          if (bad) { bad.setAttribute('aria-invalid', 'true'); bad.focus(); }
        }
        button.disabled = false;
        return;
      }
      form.hidden = true;
      document.getElementById('done').hidden = false;
      post({ event: 'submitted', authorization: answer.json.authorization, payload: { value: SUCCESS } });
    }).catch(function () {
      error.textContent = 'We could not reach the verification service. Please try again.';
      button.disabled = false;
    });
  });
  post({ event: 'loaded' });
})();
`;
