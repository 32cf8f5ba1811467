import { describe, expect, it } from 'vitest';
import { loginLockedText, MESSAGES, TOAST_SECONDS } from './messages';

/** SPEC §8's table, situation by situation: the SPA shows these words exactly. */
describe('the error catalogue of SPEC §8, word for word', () => {
  it('when something fails, is rate limited or a form is wrong, then the notice has SPEC’s title and description', () => {
    expect(MESSAGES.generic).toEqual({
      title: 'Opsss!, Something went wrong!',
      description: 'An error occurred while loading some resources. Reload the page or try again later',
    });
    expect(MESSAGES.rateLimited).toEqual({
      title: 'Request already sent!',
      description: 'You have already submitted another request a short time ago',
    });
    expect(MESSAGES.invalidForm).toEqual({
      title: 'Cannot send request!',
      description: 'Check that all fields are entered correctly',
    });
  });

  it('when a request is under way or succeeded, then it says "Loading Request" and "Request success sent!"', () => {
    expect(MESSAGES.loading).toEqual({ title: 'Loading Request' });
    expect(MESSAGES.success).toEqual({ title: 'Request success sent!' });
  });

  it('when a payment cannot be created or captured, then each failure has its own sentence', () => {
    expect(MESSAGES.paymentCreateFailed).toEqual({
      title: 'An error occurred while creating the payment, please try again',
    });
    expect(MESSAGES.paymentCaptureFailed).toEqual({
      title: 'An error occurred while processing the payment, please try again',
    });
  });

  it('when tracking finds no order, then the shopper is told to check the number', () => {
    expect(MESSAGES.orderNotFound).toEqual({
      title: 'Opsss!, No orders found!',
      description: 'Check that the order number is correct and try again...',
    });
  });

  it('when images are uploaded, refused, downloaded or fail, then each step has SPEC’s words', () => {
    expect(MESSAGES.imageUploaded).toEqual({ title: 'Image uploaded successfully!' });
    expect(MESSAGES.imageOnly).toEqual({ title: 'You can only upload Images files!' });
    expect(MESSAGES.imageUploadFailed).toEqual({ title: 'Error uploading image!' });
    expect(MESSAGES.uploading).toEqual({ title: 'Uploading images...' });
    expect(MESSAGES.downloading).toEqual({ title: 'Downloading image...' });
    expect(MESSAGES.downloaded).toEqual({ title: 'Image downloaded successfully' });
  });

  it('when a sign-in fails, is throttled, or a password breaks the rules, then SPEC’s sentences are shown', () => {
    expect(MESSAGES.loginFailed).toEqual({ title: 'Invalid Email or Password' });
    expect(MESSAGES.loginRateLimited).toEqual({
      title: 'Too many login attempts!',
      description:
        'Multiple failed login attempts were detected, access has been temporarily disabled, please try again in a few minutes.',
    });
    expect(MESSAGES.passwordRules).toEqual({ title: 'Passwords do not match requirements' });
  });

  it('when a delete is confirmed, then the dialog says Warning, what happens, asks, and offers Cancel', () => {
    expect(MESSAGES.confirm).toEqual({
      title: 'Warning',
      content: 'Continuing with this operation will delete the selected item. This operation is irreversible',
      question: 'Are you sure you want to continue?',
      cancel: 'Cancel',
    });
  });
});

describe('the texts SPEC §8 leaves open', () => {
  it('when a confirmation is asked for again too soon, then the shopper is asked to wait a minute', () => {
    expect(MESSAGES.resendRateLimited).toEqual({
      title: 'Too many requests!',
      description: 'The confirmation was sent a moment ago. Please wait a minute before asking again.',
    });
  });

  it('when the contact terms are not ticked, a page is missing or the country is not served, then each says why', () => {
    expect(MESSAGES.contactTermsRequired).toEqual({
      title: 'Please accept the terms',
      description: 'Tick the terms and conditions box before sending your message.',
    });
    expect(MESSAGES.notFound).toEqual({ title: 'Not found' });
    expect(MESSAGES.paymentCountryRefused).toEqual({
      title: 'We cannot ship to this country',
      description: 'The shipping address is outside the countries we deliver to.',
    });
  });
});

describe('how long toasts stay (SPEC §8, §9)', () => {
  it('when a toast is shown, then success and info last 3 seconds, warnings and errors 5', () => {
    expect(TOAST_SECONDS).toEqual({ success: 3, info: 3, warning: 5, error: 5 });
  });
});

describe('loginLockedText', () => {
  it('when the lock lasts 15 minutes, then the description says "in 15 minutes" instead of "in a few minutes"', () => {
    expect(loginLockedText(15)).toEqual({
      title: 'Too many login attempts!',
      description:
        'Multiple failed login attempts were detected, access has been temporarily disabled, please try again in 15 minutes.',
    });
  });

  it('when the lock lasts 1 minute, then it says "1 minute", not "1 minutes"', () => {
    expect(loginLockedText(1).description).toBe(
      'Multiple failed login attempts were detected, access has been temporarily disabled, please try again in 1 minute.',
    );
  });

  it('when the lock lasts 2 minutes, then it says "2 minutes"; the catalogue’s own text is not changed', () => {
    expect(loginLockedText(2).description.endsWith('please try again in 2 minutes.')).toBe(true);
    expect(MESSAGES.loginRateLimited.description.endsWith('please try again in a few minutes.')).toBe(true);
  });
});
