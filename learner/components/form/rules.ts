import type { Rule } from '../../../common/validators';

/**
 * Rules for react-hook-form's `validate`, in the shape of common/validators (a rule returns the
 * message to show, or undefined when the value is fine), so spec section 5's messages are used as
 * written.
 */
export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() ? undefined : message;

/** A text that must not exceed `max` characters once trimmed. */
export const maxLength =
  (max: number, message: string): Rule =>
  (value) =>
    value.trim().length > max ? message : undefined;

/** The first message of several rules. */
export const all =
  (...rules: Rule[]): Rule =>
  (value) => {
    for (const rule of rules) {
      const message = rule(value ?? '');
      if (message) return message;
    }
    return undefined;
  };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional e-mail: our own Chinese check (the forms set noValidate, so the browser's English one never shows). */
export const optionalEmail: Rule = (v) => (!v.trim() || (EMAIL_PATTERN.test(v.trim()) && v.trim().length <= 128) ? undefined : '邮箱格式不正确');
