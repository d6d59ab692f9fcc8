/**
 * Static assets of the sandbox frames (hosted card fields, 3-D Secure challenge, bank
 * authorization): one stylesheet and the scripts. Served from the sandbox origin as files so the
 * pages' CSP can stay `script-src 'self'; style-src 'self'` without inline code.
 */
import { CARD_FRAME_MESSAGES as M, CARD_FRAME_SOURCE } from '../../../../src/contract/payments.ts';

export const FRAME_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; padding: 8px; background: #fff; color: #1a1a2e; font-size: 16px; }
label { display: block; font-size: 14px; font-weight: 600; margin: 10px 0 4px; }
input { width: 100%; font: inherit; padding: 10px 12px; border: 1px solid #8a8fa3; border-radius: 8px; min-height: 44px; }
input:focus { outline: 3px solid #5b3cc4; outline-offset: 1px; border-color: #5b3cc4; }
input[aria-invalid="true"] { border-color: #b3261e; }
.row { display: flex; gap: 8px; align-items: flex-end; }
.row > div { flex: 1 1 0; min-width: 0; }
.error { color: #b3261e; font-size: 14px; min-height: 1.3em; margin: 8px 0 0; }
.note { color: #4a4f63; font-size: 13px; margin: 8px 0 0; }
.bank { max-width: 420px; margin: 0 auto; text-align: center; }
.bank h1 { font-size: 20px; margin: 8px 0; }
.bank p { margin: 8px 0; }
.amount { font-size: 28px; font-weight: 700; margin: 12px 0; }
.actions { display: flex; flex-direction: column; gap: 10px; margin-top: 16px; }
button { font: inherit; font-weight: 600; min-height: 44px; border-radius: 8px; border: 0; padding: 10px 16px; cursor: pointer; }
button.primary { background: #5b3cc4; color: #fff; }
button.secondary { background: #e7e3f7; color: #2b1a6b; }
button:focus-visible { outline: 3px solid #1a1a2e; outline-offset: 2px; }
button:disabled { opacity: 0.6; cursor: default; }
select { width: 100%; font: inherit; padding: 10px 12px; border-radius: 8px; min-height: 44px; }
.status { font-weight: 600; min-height: 1.3em; }
`;

const common = `
  var SOURCE = ${JSON.stringify(CARD_FRAME_SOURCE)};
  var M = ${JSON.stringify(M)};
  var parentOrigin = document.body.getAttribute('data-parent-origin');
  function post(msg) {
    msg.source = SOURCE;
    if (window.parent && window.parent !== window) window.parent.postMessage(msg, parentOrigin);
    else if (window.opener) window.opener.postMessage(msg, parentOrigin);
  }
  function fromParent(ev) {
    return ev.origin === parentOrigin && (ev.source === window.parent || ev.source === window.opener) &&
      ev.data && typeof ev.data === 'object' && ev.data.source === SOURCE;
  }
`;

/** Hosted card fields: formats and checks the inputs, tokenizes on the parent's request. */
export const HOSTED_FIELDS_JS = `(function () {
  'use strict';
  ${common}
  var mode = document.body.getAttribute('data-mode');
  var key = document.body.getAttribute('data-key');
  var form = document.getElementById('card-form');
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var postal = document.getElementById('postal');
  var errorBox = document.getElementById('error');
  var busy = false;

  function digits(v) { return v.replace(/\\D/g, ''); }
  function luhn(n) {
    var sum = 0;
    for (var i = 0; i < n.length; i++) {
      var d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  }
  function isAmex(n) { return /^3[47]/.test(n); }
  function parseExpiry() {
    var d = digits(expiry.value);
    return { month: Number(d.slice(0, 2)), year: 2000 + Number(d.slice(2, 4)), complete: d.length === 4 };
  }
  function problems() {
    var n = digits(number.value);
    var list = [];
    if (!luhn(n)) list.push({ field: 'number', message: 'Your card number is incorrect.' });
    var e = parseExpiry();
    var now = new Date();
    if (!e.complete || e.month < 1 || e.month > 12) list.push({ field: 'expiry', message: 'Enter the expiry as MM / YY.' });
    else if (e.year < now.getFullYear() || (e.year === now.getFullYear() && e.month < now.getMonth() + 1))
      list.push({ field: 'expiry', message: 'Your card has expired.' });
    var c = digits(cvc.value);
    if (c.length !== (isAmex(n) ? 4 : 3)) list.push({ field: 'cvc', message: "Your card's security code is incomplete." });
    if (!/^\\d{5}$/.test(postal.value)) list.push({ field: 'postal_code', message: 'Enter the 5-digit ZIP code.' });
    return list;
  }
  var inputs = { number: number, expiry: expiry, cvc: cvc, postal_code: postal };
  function show(list, touchedOnly) {
    Object.keys(inputs).forEach(function (k) { inputs[k].setAttribute('aria-invalid', 'false'); });
    var first = null;
    for (var i = 0; i < list.length; i++) {
      var input = inputs[list[i].field];
      if (touchedOnly && !input.getAttribute('data-touched')) continue;
      input.setAttribute('aria-invalid', 'true');
      if (!first) first = list[i];
    }
    errorBox.textContent = first ? first.message : '';
    return first;
  }
  function onInput(ev) {
    var t = ev.target;
    if (t === number) {
      var n = digits(number.value).slice(0, 19);
      number.value = isAmex(n) ? n.replace(/^(\\d{4})(\\d{0,6})(\\d{0,5}).*/, function (_, a, b, c) { return [a, b, c].filter(Boolean).join(' '); })
        : n.replace(/(\\d{4})(?=\\d)/g, '$1 ');
    } else if (t === expiry) {
      var d = digits(expiry.value).slice(0, 4);
      expiry.value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    } else if (t === cvc) {
      cvc.value = digits(cvc.value).slice(0, 4);
    } else if (t === postal) {
      postal.value = digits(postal.value).slice(0, 5);
    }
    var list = problems();
    var first = show(list, true);
    post({ type: M.change, complete: list.length === 0, error: first });
  }
  Object.keys(inputs).forEach(function (k) {
    inputs[k].addEventListener('input', onInput);
    inputs[k].addEventListener('blur', function () { inputs[k].setAttribute('data-touched', '1'); show(problems(), true); });
  });
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    post({ type: M.submit });
  });
  function cardBody() {
    var e = parseExpiry();
    return { number: digits(number.value), exp_month: e.month, exp_year: e.year, cvc: digits(cvc.value), postal_code: postal.value };
  }
  function fail(error) {
    var field = error.param === 'exp_month' || error.param === 'exp_year' ? 'expiry' : error.param;
    if (field && inputs[field]) { inputs[field].setAttribute('aria-invalid', 'true'); inputs[field].focus(); }
    errorBox.textContent = error.message;
    post({ type: M.error, error: { code: error.code, sub_code: error.decline_code || null, message: error.message, field: field || null } });
  }
  function call(path, body, headers) {
    return fetch(path, { method: 'POST', headers: Object.assign({ 'Content-Type': 'application/json', Authorization: 'Bearer ' + key }, headers || {}), body: JSON.stringify(body), credentials: 'omit' })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); });
  }
  function run(task) {
    if (busy) return;
    Object.keys(inputs).forEach(function (k) { inputs[k].setAttribute('data-touched', '1'); });
    var first = show(problems(), false);
    if (first) { inputs[first.field].focus(); post({ type: M.error, error: { code: 'incomplete', sub_code: null, message: first.message, field: first.field } }); return; }
    busy = true;
    task().catch(function () {
      fail({ code: 'processing_error', message: 'We could not reach the payment service. Please try again.' });
    }).then(function () { busy = false; });
  }
  window.addEventListener('message', function (ev) {
    if (!fromParent(ev)) return;
    if (ev.data.type === M.tokenize && mode === 'payment') {
      run(function () {
        return call('/card/v1/tokens', cardBody()).then(function (r) {
          if (!r.ok) return fail(r.json.error);
          post({ type: M.token, token: r.json.id, card: r.json.card });
        });
      });
    } else if (ev.data.type === M.confirmSetup && mode === 'setup' && typeof ev.data.client_secret === 'string') {
      var secret = ev.data.client_secret;
      run(function () {
        var body = cardBody();
        body.client_secret = secret;
        return call('/card/v1/setup_intents/' + encodeURIComponent(secret.split('_secret_')[0]) + '/confirm', body).then(function (r) {
          if (!r.ok) return fail(r.json.error);
          post({ type: M.setupResult, setup_intent_id: r.json.id, status: r.json.status });
        });
      });
    }
  });
  function height() { return Math.ceil(document.documentElement.scrollHeight); }
  post({ type: M.ready, height: height() });
  if (window.ResizeObserver) new ResizeObserver(function () { post({ type: M.resize, height: height() }); }).observe(document.body);
})();
`;

/** 3-D Secure challenge page: Complete / Fail report to the sandbox, then tell the parent. */
export const CHALLENGE_JS = `(function () {
  'use strict';
  ${common}
  var pi = document.body.getAttribute('data-payment-intent');
  var challenge = document.body.getAttribute('data-challenge');
  var status = document.getElementById('status');
  var buttons = document.querySelectorAll('button[data-outcome]');
  function send(outcome) {
    buttons.forEach(function (b) { b.disabled = true; });
    status.textContent = 'Verifying...';
    fetch('/card/v1/payment_intents/' + encodeURIComponent(pi) + '/challenge', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'omit',
      body: JSON.stringify({ challenge: challenge, outcome: outcome })
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) { status.textContent = json.error && json.error.message ? json.error.message : 'Verification failed.'; return; }
        status.textContent = outcome === 'completed' ? 'Verified. Returning to the store...' : 'Verification failed.';
        post({ type: M.challengeComplete, payment_intent_id: pi, outcome: outcome });
      });
    }).catch(function () {
      status.textContent = 'We could not reach your bank. Please try again.';
      buttons.forEach(function (b) { b.disabled = false; });
    });
  }
  buttons.forEach(function (b) { b.addEventListener('click', function () { send(b.getAttribute('data-outcome')); }); });
  post({ type: M.ready, height: Math.ceil(document.documentElement.scrollHeight) });
})();
`;

/** Pay-by-bank authorization page: Approve / Decline report to the sandbox bank, then tell the parent. */
export const BANK_AUTHORIZE_JS = `(function () {
  'use strict';
  ${common}
  var payment = document.body.getAttribute('data-payment');
  var token = document.body.getAttribute('data-token');
  var reference = document.body.getAttribute('data-reference');
  var status = document.getElementById('status');
  var account = document.getElementById('account');
  var buttons = document.querySelectorAll('button[data-outcome]');
  function send(outcome) {
    if (outcome === 'approved' && account && account.value === 'empty') outcome = 'insufficient_funds';
    var from = account ? account.value : 'checking';
    buttons.forEach(function (b) { b.disabled = true; });
    status.textContent = 'Contacting your bank...';
    fetch('/bank/v1/payments/' + encodeURIComponent(payment) + '/authorize', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'omit',
      body: JSON.stringify({ token: token, outcome: outcome, account: from })
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) { status.textContent = json.error && json.error.message ? json.error.message : 'The bank refused the request.'; return; }
        status.textContent = outcome === 'approved' ? 'Payment approved. Returning to the store...' : 'Payment not approved.';
        post({ type: M.bankAuthorizationComplete, purchase_reference: reference, outcome: outcome });
      });
    }).catch(function () {
      status.textContent = 'We could not reach your bank. Please try again.';
      buttons.forEach(function (b) { b.disabled = false; });
    });
  }
  buttons.forEach(function (b) { b.addEventListener('click', function () { send(b.getAttribute('data-outcome')); }); });
  post({ type: M.ready, height: Math.ceil(document.documentElement.scrollHeight) });
})();
`;
