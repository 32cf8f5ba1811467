/* global window, document */
/**
 * Stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the shop's PayPal emulator at
 * /__paypal/sdk/js and loaded by @paypal/react-paypal-js through its `sdkBaseUrl` option.
 *
 * It defines `window.paypal` (or the `data-namespace` given on the script tag) with what react-paypal-js'
 * <PayPalButtons> uses: Buttons(options) → { isEligible, render, close, updateProps, hasReturned, resume },
 * FUNDING, getFundingSources, isFundingEligible, rememberFunding, version.
 *
 * A click on the button does what a buyer does with real PayPal, without PayPal's pages:
 *   onClick → createOrder (the shop's server creates the order) → the buyer approves
 *   (POST {emulator}/v2/checkout/orders/{id}/approve) → onApprove (the shop's server captures).
 * Errors go to onError. There is no cancel path.
 * Tests may set window.__PAYPAL_EMULATOR_APPROVAL__ = { payer, shipping, capture_status } before clicking:
 * it becomes the approve request's body (default {} → the emulator's test payer and US address).
 */
(function () {
  'use strict';

  var script = document.currentScript;
  if (!script) {
    var all = document.querySelectorAll('script[src*="/sdk/js"]');
    script = all.length ? all[all.length - 1] : null;
  }
  var src = script && script.src ? script.src : window.location.origin + '/__paypal/sdk/js';
  var srcUrl = new URL(src, window.location.href);
  // The emulator's base is wherever this script came from, minus /sdk/js (e.g. http://host/__paypal).
  var emulatorBase = srcUrl.origin + srcUrl.pathname.replace(/\/sdk\/js\/?$/, '');
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  var disabledFunding = (srcUrl.searchParams.get('disable-funding') || '').split(',').filter(Boolean);

  var FUNDING = {
    PAYPAL: 'paypal',
    VENMO: 'venmo',
    APPLEPAY: 'applepay',
    ITAU: 'itau',
    CREDIT: 'credit',
    PAYLATER: 'paylater',
    CARD: 'card',
    IDEAL: 'ideal',
    SEPA: 'sepa',
    BANCONTACT: 'bancontact',
    GIROPAY: 'giropay',
    SOFORT: 'sofort',
    EPS: 'eps',
    MYBANK: 'mybank',
    P24: 'p24',
    PAYU: 'payu',
    BLIK: 'blik',
    TRUSTLY: 'trustly',
    OXXO: 'oxxo',
    BOLETO: 'boleto',
    BOLETOBANCARIO: 'boletobancario',
    WECHATPAY: 'wechatpay',
    MERCADOPAGO: 'mercadopago',
    MULTIBANCO: 'multibanco',
    SATISPAY: 'satispay',
    PAIDY: 'paidy',
    ZIMPLER: 'zimpler',
    MAXIMA: 'maxima',
  };

  /** The emulator can only do PayPal wallet and card buttons. */
  var SUPPORTED = [FUNDING.PAYPAL, FUNDING.CARD];

  function isFundingEligible(fundingSource) {
    return SUPPORTED.indexOf(fundingSource) !== -1 && disabledFunding.indexOf(fundingSource) === -1;
  }

  function getFundingSources() {
    return Object.keys(FUNDING).map(function (k) {
      return FUNDING[k];
    });
  }

  var LOOK = {
    paypal: { label: 'PayPal', testId: 'paypal-button', background: '#ffc439', color: '#003087', hover: '#f2ba36' },
    card: {
      label: 'Debit or Credit Card',
      testId: 'paypal-card-button',
      background: '#2c2e2f',
      color: '#ffffff',
      hover: '#3c3e3f',
    },
  };

  function toError(err) {
    return err instanceof Error ? err : new Error(typeof err === 'string' ? err : JSON.stringify(err));
  }

  function unsupported(what) {
    return function () {
      return Promise.reject(new Error('PayPal emulator: ' + what + ' is not supported; do it on the server.'));
    };
  }

  function Buttons(options) {
    options = options || {};
    var fundingSource = options.fundingSource;
    var look = LOOK[fundingSource === FUNDING.CARD ? 'card' : 'paypal'];
    var enabled = true;
    var busy = false;
    var closed = false;
    var wrapper = null;
    var button = null;

    function isDisabled() {
      return !enabled || options.disabled === true;
    }

    function refresh() {
      if (!button) return;
      var off = isDisabled();
      button.setAttribute('aria-disabled', off ? 'true' : 'false');
      button.style.opacity = off ? '0.5' : '1';
      button.style.cursor = off ? 'not-allowed' : busy ? 'progress' : 'pointer';
      button.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    var initActions = {
      enable: function () {
        enabled = true;
        refresh();
        return Promise.resolve();
      },
      disable: function () {
        enabled = false;
        refresh();
        return Promise.resolve();
      },
    };

    function approve(orderID) {
      var body = window.__PAYPAL_EMULATOR_APPROVAL__ || {};
      return fetch(emulatorBase + '/v2/checkout/orders/' + encodeURIComponent(orderID) + '/approve', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      }).then(function (res) {
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (json) {
            if (!res.ok) {
              var issue = json && json.details && json.details[0] ? json.details[0].issue : '';
              throw new Error(
                'PayPal emulator: approval failed (' +
                  res.status +
                  ' ' +
                  ((json && json.name) || '') +
                  (issue ? ' ' + issue : '') +
                  ')',
              );
            }
            return json;
          });
      });
    }

    async function start() {
      if (busy || closed) return;
      var rejected = false;
      var clickActions = {
        resolve: function () {
          return Promise.resolve();
        },
        reject: function () {
          rejected = true;
          return Promise.resolve();
        },
      };
      try {
        // Like PayPal, onClick runs even when the buttons are disabled, so the shop can show why.
        if (typeof options.onClick === 'function') {
          var clickResult = await options.onClick({ fundingSource: fundingSource || FUNDING.PAYPAL }, clickActions);
          if (clickResult === false) rejected = true;
        }
        if (rejected || isDisabled()) return;
        busy = true;
        refresh();
        if (typeof options.createOrder !== 'function') throw new Error('Expected createOrder to be passed');
        var orderID = await options.createOrder(
          { paymentSource: fundingSource || FUNDING.PAYPAL },
          { order: { create: unsupported('actions.order.create') } },
        );
        if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
        var order = await approve(orderID);
        var payerID = (order && order.payer && order.payer.payer_id) || null;
        if (typeof options.onApprove === 'function') {
          await options.onApprove(
            { orderID: orderID, payerID: payerID, paymentID: null, billingToken: null, facilitatorAccessToken: '' },
            {
              order: {
                capture: unsupported('actions.order.capture'),
                authorize: unsupported('actions.order.authorize'),
                get: unsupported('actions.order.get'),
                patch: unsupported('actions.order.patch'),
              },
              redirect: function (url) {
                window.location.assign(url);
              },
              restart: function () {
                busy = false;
                setTimeout(start, 0);
              },
            },
          );
        }
      } catch (err) {
        if (typeof options.onError === 'function') options.onError(toError(err));
        else console.error(err);
      } finally {
        busy = false;
        refresh();
      }
    }

    function render(container) {
      if (closed) return Promise.reject(new Error('Buttons already closed'));
      if (!instance.isEligible()) return Promise.reject(new Error('Instance not eligible'));
      var el = typeof container === 'string' ? document.querySelector(container) : container;
      if (!el)
        return Promise.reject(new Error('Document is ready and element ' + String(container) + ' does not exist'));

      var style = options.style || {};
      var height = typeof style.height === 'number' ? Math.min(55, Math.max(25, style.height)) : 45;
      var radius =
        style.shape === 'pill'
          ? height / 2 + 'px'
          : style.shape === 'sharp'
            ? '0'
            : typeof style.borderRadius === 'number'
              ? style.borderRadius + 'px'
              : '4px';

      wrapper = document.createElement('div');
      wrapper.className = 'paypal-buttons paypal-buttons-emulator';
      wrapper.setAttribute('data-paypal-emulator', 'true');
      wrapper.style.cssText =
        'width:100%;min-width:150px;margin:0 0 10px 0;' + (style.disableMaxWidth ? '' : 'max-width:750px;');

      button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('aria-label', look.label);
      button.setAttribute('data-testid', look.testId);
      button.setAttribute('data-funding-source', fundingSource || FUNDING.PAYPAL);
      button.style.cssText =
        'display:flex;align-items:center;justify-content:center;width:100%;border:0;margin:0;padding:0 12px;' +
        'font:700 18px/1 "Helvetica Neue",Arial,sans-serif;font-style:italic;letter-spacing:-0.2px;' +
        'height:' +
        height +
        'px;border-radius:' +
        radius +
        ';background:' +
        look.background +
        ';color:' +
        look.color +
        ';';
      if (look === LOOK.paypal) {
        var pay = document.createElement('span');
        pay.textContent = 'Pay';
        pay.style.color = '#003087';
        var pal = document.createElement('span');
        pal.textContent = 'Pal';
        pal.style.color = '#009cde';
        button.appendChild(pay);
        button.appendChild(pal);
      } else {
        button.textContent = look.label;
        button.style.fontStyle = 'normal';
        button.style.fontSize = '15px';
      }
      button.addEventListener('mouseenter', function () {
        if (!isDisabled()) button.style.background = look.hover;
      });
      button.addEventListener('mouseleave', function () {
        button.style.background = look.background;
      });
      button.addEventListener('click', function (event) {
        event.preventDefault();
        void start();
      });

      wrapper.appendChild(button);
      el.appendChild(wrapper);
      refresh();
      if (typeof options.onInit === 'function') {
        try {
          options.onInit({}, initActions);
        } catch (err) {
          if (typeof options.onError === 'function') options.onError(toError(err));
        }
      }
      return Promise.resolve();
    }

    var instance = {
      isEligible: function () {
        return fundingSource === undefined || fundingSource === null || isFundingEligible(fundingSource);
      },
      render: render,
      close: function () {
        closed = true;
        if (wrapper && wrapper.parentNode) wrapper.parentNode.removeChild(wrapper);
        wrapper = null;
        button = null;
        return Promise.resolve();
      },
      // react-paypal-js calls updateProps({ message }) on every render; the stand-in has no messages.
      updateProps: function () {
        return Promise.resolve();
      },
      hasReturned: function () {
        return false;
      },
      resume: function () {},
    };
    return instance;
  }

  window[namespace] = {
    Buttons: Buttons,
    FUNDING: FUNDING,
    getFundingSources: getFundingSources,
    isFundingEligible: isFundingEligible,
    rememberFunding: function () {},
    version: '5.0.0-emulator',
  };
})();
