import { type Answer, type FakeIntent, stripeError } from './fake-stripe-ledger';

/**
 * A stand-in for Stripe.js, for browser tests: the part checkout uses — `Stripe(pk)`,
 * `elements().create('card')` (mount, on('change'), focus, destroy), `createPaymentMethod`
 * and `handleNextAction`. As with real Elements, the card is typed in a frame served from the
 * fake's own origin, and that frame alone sends the number to the fake API
 * (`POST /v1/payment_methods` with the publishable key); the page gets the PaymentMethod id.
 * The 3-D Secure window is a frame with "Complete" and "Fail", which finish the
 * PaymentIntent as `completeAction` does.
 */

/** Stripe's test card numbers → the test PaymentMethods the fake API knows. */
const TEST_NUMBERS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000002760003184': 'pm_card_threeDSecure2Required',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};

/** `POST /v1/payment_methods` with a card: a test PaymentMethod for a test number, else a decline. */
export function createPaymentMethod(params: Record<string, unknown>): Answer {
  const card = (params.card ?? {}) as Record<string, string | undefined>;
  if (params.type !== 'card')
    return stripeError(400, { param: 'type', message: 'Invalid type: must be card' }, false);
  const number = (card.number ?? '').replace(/\D/g, '');
  const id = TEST_NUMBERS[number];
  if (!id)
    return stripeError(
      402,
      {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'test_mode_live_card',
        message:
          'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      },
      false,
    );
  return {
    status: 200,
    save: false,
    body: {
      id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        last4: number.slice(-4),
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
      },
      billing_details: params.billing_details ?? {},
      livemode: false,
    },
  };
}

const SCRIPT = String.raw`(function () {
  var origin = new URL(document.currentScript.src).origin;
  var seq = 0;
  var listeners = {};
  window.addEventListener('message', function (e) {
    if (e.origin !== origin || !e.data || e.data.fakeStripe !== true) return;
    var listener = listeners[e.data.frame];
    if (listener) listener(e.data);
  });
  function frame(path, params) {
    var id = 'fake-stripe-' + ++seq;
    var iframe = document.createElement('iframe');
    var query = new URLSearchParams(Object.assign({ frame: id, parent: location.origin }, params));
    iframe.src = origin + path + '?' + query;
    iframe.name = id;
    iframe.setAttribute('frameborder', '0');
    iframe.setAttribute('allowtransparency', 'true');
    iframe.style.cssText = 'border:0;display:block;width:100%;background:transparent;';
    return { id: id, iframe: iframe };
  }
  function post(iframe, message) {
    message.fakeStripe = true;
    iframe.contentWindow.postMessage(message, origin);
  }
  window.Stripe = function (key) {
    if (!/^pk_(test|live)_\w+$/.test(String(key))) throw new Error('Invalid publishable key: ' + key);
    var waiting = {};
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('This stand-in makes card Elements only.');
            var f = frame('/js/card', { key: key });
            f.iframe.title = 'Secure card payment input frame';
            f.iframe.style.height = '24px';
            var handlers = {};
            listeners[f.id] = function (m) {
              if (m.type === 'result' && waiting[m.req]) {
                waiting[m.req](m.result);
                delete waiting[m.req];
              } else (handlers[m.type] || []).forEach(function (fn) { fn(m.event); });
            };
            var element = {
              frame: f.iframe,
              mount: function (target) {
                (typeof target === 'string' ? document.querySelector(target) : target).appendChild(f.iframe);
              },
              on: function (event, fn) {
                (handlers[event] = handlers[event] || []).push(fn);
                return element;
              },
              focus: function () { post(f.iframe, { type: 'focus' }); },
              destroy: function () {
                f.iframe.remove();
                delete listeners[f.id];
              },
            };
            return element;
          },
        };
      },
      createPaymentMethod: function (data) {
        return new Promise(function (resolve) {
          var req = 'req-' + ++seq;
          waiting[req] = resolve;
          post(data.card.frame, { type: 'create', req: req, billing_details: data.billing_details || {} });
        });
      },
      handleNextAction: function (options) {
        var pi = String(options.clientSecret).split('_secret_')[0];
        return new Promise(function (resolve) {
          var f = frame('/js/challenge', { pi: pi, key: key });
          f.iframe.title = '3D Secure authentication';
          f.iframe.style.cssText += 'width:min(420px, calc(100vw - 32px));height:250px;border-radius:8px;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.35);';
          var overlay = document.createElement('div');
          overlay.setAttribute('data-fake-stripe', 'challenge');
          overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55);';
          overlay.appendChild(f.iframe);
          document.body.appendChild(overlay);
          listeners[f.id] = function (m) {
            if (m.type !== 'result') return;
            overlay.remove();
            delete listeners[f.id];
            resolve(m.result);
          };
        });
      },
    };
  };
})();
`;

/** The shared top of both frames: read the query, talk to the page that framed us. */
const FRAME_HEAD = `var q = new URLSearchParams(location.search);
var parentOrigin = q.get('parent');
function tell(message) {
  message.fakeStripe = true;
  message.frame = q.get('frame');
  window.parent.postMessage(message, parentOrigin);
}`;

const CARD_FRAME = String.raw`<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;background:transparent;overflow:hidden}
body{display:flex;gap:8px;font:16px/24px -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#30313d}
input{border:0;outline:0;padding:0;margin:0;font:inherit;color:inherit;background:transparent;min-width:0;height:24px}
#number{flex:1 1 auto}#exp{flex:0 0 4em}#cvc{flex:0 0 2.6em}
@media (max-width:300px){body{font-size:15px;gap:6px}}
input::placeholder{color:#8a8d99}.invalid{color:#df1b41}
</style></head><body>
<input id="number" inputmode="numeric" autocomplete="cc-number" placeholder="Card number" aria-label="Card number">
<input id="exp" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-label="Expiration date">
<input id="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-label="CVC">
<script>
${FRAME_HEAD}
var number = document.getElementById('number'), exp = document.getElementById('exp'), cvc = document.getElementById('cvc');
var digits = function (el) { return el.value.replace(/\D/g, ''); };
function luhn(n) {
  var sum = 0;
  for (var i = 0; i < n.length; i++) {
    var d = Number(n[n.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
function problem(final) {
  var n = digits(number), e = digits(exp), c = digits(cvc);
  if (n.length === 16 && !luhn(n)) return ['invalid_number', 'Your card number is invalid.', number];
  if (n.length < 16) return final ? ['incomplete_number', 'Your card number is incomplete.', number] : null;
  if (e.length >= 2 && (Number(e.slice(0, 2)) < 1 || Number(e.slice(0, 2)) > 12))
    return ['invalid_expiry_month', "Your card's expiration date is invalid.", exp];
  if (e.length === 4) {
    var now = new Date(), year = 2000 + Number(e.slice(2)), month = Number(e.slice(0, 2));
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return ['invalid_expiry_year_past', "Your card's expiration year is in the past.", exp];
  }
  if (e.length < 4) return final ? ['incomplete_expiry', "Your card's expiration date is incomplete.", exp] : null;
  if (c.length < 3) return final ? ['incomplete_cvc', "Your card's security code is incomplete.", cvc] : null;
  return null;
}
function changed() {
  number.value = digits(number).slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
  var e = digits(exp).slice(0, 4);
  exp.value = e.length > 2 ? e.slice(0, 2) + ' / ' + e.slice(2) : e;
  cvc.value = digits(cvc).slice(0, 4);
  var p = problem(false);
  [number, exp, cvc].forEach(function (el) { el.classList.toggle('invalid', Boolean(p && p[2] === el)); });
  tell({ type: 'change', event: {
    elementType: 'card',
    empty: !number.value && !exp.value && !cvc.value,
    complete: !problem(true),
    brand: digits(number).charAt(0) === '4' ? 'visa' : 'unknown',
    error: p ? { type: 'validation_error', code: p[0], message: p[1] } : undefined,
  } });
}
[number, exp, cvc].forEach(function (el) { el.addEventListener('input', changed); });
number.addEventListener('input', function () { if (digits(number).length === 16 && !problem(false)) exp.focus(); });
exp.addEventListener('input', function () { if (digits(exp).length === 4 && !problem(false)) cvc.focus(); });
window.addEventListener('message', function (e) {
  if (e.origin !== parentOrigin || !e.data || e.data.fakeStripe !== true) return;
  if (e.data.type === 'focus') return number.focus();
  if (e.data.type !== 'create') return;
  var req = e.data.req, p = problem(true);
  if (p) return tell({ type: 'result', req: req, result: { error: { type: 'validation_error', code: p[0], message: p[1] } } });
  var e4 = digits(exp), body = new URLSearchParams({
    type: 'card', 'card[number]': digits(number), 'card[exp_month]': e4.slice(0, 2),
    'card[exp_year]': '20' + e4.slice(2), 'card[cvc]': digits(cvc),
  });
  var billing = e.data.billing_details || {};
  Object.keys(billing).forEach(function (k) {
    if (typeof billing[k] === 'string') body.append('billing_details[' + k + ']', billing[k]);
  });
  fetch('/v1/payment_methods', { method: 'POST', body: body, headers: { authorization: 'Bearer ' + q.get('key') } })
    .then(function (res) { return res.json(); })
    .then(function (json) { tell({ type: 'result', req: req, result: json.error ? { error: json.error } : { paymentMethod: json } }); })
    .catch(function () { tell({ type: 'result', req: req, result: { error: { type: 'api_connection_error', message: 'Could not reach Stripe.' } } }); });
});
tell({ type: 'ready', event: { elementType: 'card' } });
</script></body></html>`;

const CHALLENGE_FRAME = `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;padding:24px;font:15px/1.45 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#30313d}
h1{font-size:18px;margin:0 0 8px}p{margin:0 0 20px;color:#6a7383}
.bank{font-weight:600;letter-spacing:.04em;color:#635bff;margin-bottom:16px}
button{font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;border:1px solid #635bff;cursor:pointer;margin-right:8px}
#complete{background:#635bff;color:#fff}#fail{background:#fff;color:#635bff}
</style></head><body>
<div class="bank">TEST BANK</div>
<h1>3D Secure 2 test page</h1>
<p>This stand-in asks no code: complete or fail the authentication of this test payment.</p>
<button id="complete" type="button">Complete</button><button id="fail" type="button">Fail</button>
<script>
${FRAME_HEAD}
function finish(ok) {
  document.querySelectorAll('button').forEach(function (b) { b.disabled = true; });
  fetch('/js/challenge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pi: q.get('pi'), ok: ok }) })
    .then(function (res) { return res.json(); })
    .then(function (json) { tell({ type: 'result', result: json }); });
}
document.getElementById('complete').addEventListener('click', function () { finish(true); });
document.getElementById('fail').addEventListener('click', function () { finish(false); });
</script></body></html>`;

export interface StaticAnswer {
  status: number;
  type: string;
  body: string;
}

const json = (status: number, body: unknown): StaticAnswer => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});

/**
 * The stand-in's own addresses under /js/: the script (`/js/v3/`), the card frame, the
 * 3-D Secure frame and its answer (`POST /js/challenge` `{ pi, ok }`). Undefined: not one of them.
 */
export function stripeJsAnswer(
  method: string,
  pathname: string,
  body: string,
  completeAction: (piId: string, ok: boolean) => FakeIntent,
): StaticAnswer | undefined {
  if (method === 'GET' && pathname === '/js/v3/')
    return { status: 200, type: 'text/javascript; charset=utf-8', body: SCRIPT };
  if (method === 'GET' && pathname === '/js/card')
    return { status: 200, type: 'text/html; charset=utf-8', body: CARD_FRAME };
  if (method === 'GET' && pathname === '/js/challenge')
    return { status: 200, type: 'text/html; charset=utf-8', body: CHALLENGE_FRAME };
  if (method !== 'POST' || pathname !== '/js/challenge') return undefined;
  let asked: { pi?: unknown; ok?: unknown };
  try {
    asked = JSON.parse(body);
  } catch {
    return json(400, { error: { type: 'invalid_request_error', message: 'Invalid JSON' } });
  }
  try {
    const intent = completeAction(String(asked.pi), asked.ok === true);
    if (intent.status === 'requires_payment_method')
      return json(200, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_authentication_failure',
          message: String(intent.last_payment_error?.message ?? 'Authentication failed.'),
          payment_intent: { id: intent.id, status: intent.status },
        },
      });
    return json(200, { paymentIntent: { id: intent.id, status: intent.status } });
  } catch (error) {
    return json(400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
  }
}
