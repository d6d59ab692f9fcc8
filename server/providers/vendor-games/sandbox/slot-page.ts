/**
 * The sandbox vendor's slot page: plain HTML, one script and one style sheet, no build step.
 * It runs inside the game page's iframe, so its CSP allows only its own origin for scripts,
 * styles and requests, and `frame-ancestors` = our app's origin (no other site may frame it).
 * When a round ends it posts `{ type: 'vendor_round_end' }` to the parent, addressed to the app's
 * origin only.
 */
import { VENDOR_ROUND_END_MESSAGE } from '../../../../src/contract/vendor-wallet.ts';
import { escapeHtml } from '../../sandbox-page-shell.ts';

export function slotPage(data: { token: string; game: string; appOrigin: string; betSteps: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fruit Frenzy</title>
<link rel="stylesheet" href="/assets/slot.css">
</head>
<body data-token="${escapeHtml(data.token)}" data-game="${escapeHtml(data.game)}" data-app-origin="${escapeHtml(data.appOrigin)}" data-bet-steps="${escapeHtml(data.betSteps)}">
<main>
<h1>Fruit Frenzy</h1>
<p class="vendor">A game by Sandbox Vendor Studios</p>
<p class="balance">Balance: <output id="balance" aria-live="polite">…</output></p>
<div class="reels" id="reels" role="img" aria-label="Reels: not spun yet">
<span class="reel">?</span><span class="reel">?</span><span class="reel">?</span>
</div>
<p id="result" class="result" role="status" aria-live="polite"></p>
<div class="bets" id="bets" role="group" aria-label="Bet"></div>
<button type="button" id="spin" class="spin" disabled>Spin</button>
</main>
<script src="/assets/slot.js"></script>
</body>
</html>`;
}

export const SLOT_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#1b1035;color:#fff;text-align:center}
main{max-width:420px;margin:0 auto;padding:16px}
h1{margin:8px 0 0;font-size:1.6rem;color:#ffd54a}
.vendor{margin:0 0 12px;font-size:.8rem;opacity:.8}
.balance{font-size:1.1rem}
.reels{display:flex;justify-content:center;gap:8px;margin:16px 0}
.reel{display:inline-flex;align-items:center;justify-content:center;width:96px;height:84px;border-radius:12px;background:#fff;color:#222;font-size:1.2rem;font-weight:700}
.reel.seven{color:#c62828;font-size:2.6rem}.reel.cherry{color:#ad1457}.reel.lemon{color:#9e7c00}.reel.orange{color:#e65100}.reel.melon{color:#2e7d32}.reel.bell{color:#6a1b9a}
.result{min-height:1.5em;font-weight:600}
.bets{display:flex;flex-wrap:wrap;justify-content:center;gap:8px;margin:12px 0}
button{font:inherit;border-radius:999px;border:2px solid #ffd54a;padding:8px 14px;background:transparent;color:#fff;cursor:pointer}
button[aria-pressed=true]{background:#ffd54a;color:#1b1035}
button:focus-visible{outline:3px solid #7fdbff;outline-offset:2px}
.spin{font-size:1.3rem;padding:12px 40px;background:#ffd54a;color:#1b1035}
button:disabled{opacity:.5;cursor:default}
`;

// Words, not emoji: every system font has them, so the reels read the same on any device.
const FACES = {
  cherry: 'Cherry',
  lemon: 'Lemon',
  orange: 'Orange',
  melon: 'Melon',
  bell: 'Bell',
  seven: '7',
};

export const SLOT_JS = `(function () {
  'use strict';
  var FACES = ${JSON.stringify(FACES)};
  var data = document.body.dataset;
  var steps = JSON.parse(data.betSteps);
  var balanceEl = document.getElementById('balance');
  var reelsEl = document.getElementById('reels');
  var resultEl = document.getElementById('result');
  var betsEl = document.getElementById('bets');
  var spinEl = document.getElementById('spin');
  var currency = null;
  var bet = null;
  var busy = false;

  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (json) {
        return { status: res.status, body: json };
      });
    });
  }
  function money(amount) {
    return currency === 'sweeps'
      ? Number(amount).toFixed(2) + ' SC'
      : Math.round(Number(amount)).toLocaleString('en-US') + ' GC';
  }
  function messageOf(reply) {
    return (reply.body && reply.body.error && reply.body.error.message) || 'The game is unavailable. Please try again.';
  }
  function renderBets() {
    betsEl.textContent = '';
    steps[currency].forEach(function (step) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'Bet ' + money(step);
      b.setAttribute('aria-pressed', String(step === bet));
      b.addEventListener('click', function () {
        bet = step;
        renderBets();
      });
      betsEl.appendChild(b);
    });
  }
  function showReels(reels) {
    var spans = reelsEl.querySelectorAll('.reel');
    reels.forEach(function (symbol, i) {
      spans[i].textContent = FACES[symbol] || '?';
      spans[i].className = 'reel ' + symbol;
    });
    reelsEl.setAttribute('aria-label', 'Reels: ' + reels.join(', '));
  }
  function roundEnded() {
    if (window.parent !== window && data.appOrigin) {
      window.parent.postMessage({ type: '${VENDOR_ROUND_END_MESSAGE}' }, data.appOrigin);
    }
  }
  function spin() {
    if (busy || bet === null) return;
    busy = true;
    spinEl.disabled = true;
    resultEl.textContent = 'Spinning…';
    post('/vendor-api/spin', { token: data.token, game: data.game, bet: bet }).then(function (reply) {
      if (reply.status !== 200) {
        resultEl.textContent = messageOf(reply);
        return;
      }
      showReels(reply.body.reels);
      balanceEl.textContent = money(reply.body.balance);
      resultEl.textContent = reply.body.win > 0 ? 'You win ' + money(reply.body.win) + '!' : 'No win this time.';
      roundEnded();
    }).catch(function () {
      resultEl.textContent = 'The game is unavailable. Please try again.';
    }).then(function () {
      busy = false;
      spinEl.disabled = false;
    });
  }
  spinEl.addEventListener('click', spin);
  post('/vendor-api/balance', { token: data.token }).then(function (reply) {
    if (reply.status !== 200) {
      resultEl.textContent = messageOf(reply);
      return;
    }
    currency = reply.body.currency;
    bet = steps[currency][0];
    balanceEl.textContent = money(reply.body.balance);
    renderBets();
    spinEl.disabled = false;
  }).catch(function () {
    resultEl.textContent = 'The game is unavailable. Please try again.';
  });
})();
`;
