import { maskMobile, type SmsGateway } from './gateway';

/**
 * For development and tests (SMS_PROVIDER=log): writes one line per message to the server log
 * instead of sending it (at warning level, so it shows whatever LOG_LEVEL says). Never a
 * deployment's default: the server warns at start when it is used.
 */
export function logGateway(write: (line: string) => void): SmsGateway {
  return {
    name: 'log',
    async send({ mobile, code, scene }) {
      write(`[sms:log] to=${maskMobile(mobile)} scene=${scene} code=${code}`);
    },
    async notify({ mobile, notice, result }) {
      write(`[sms:log] to=${maskMobile(mobile)} notice=${notice} result=${result}`);
    },
  };
}
