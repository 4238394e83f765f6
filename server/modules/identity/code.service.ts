import { hash, randomInt, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { SiteConfig } from '../../../common/api';
import { ErrorCode } from '../../../common/errorCodes';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { LimitRule } from '../../lib/rateLimit';
import { maskMobile, SmsRefused } from '../../lib/sms';
import { currentSmsGateway, getSiteConfig } from '../config/config.service';
import { findUserByContact } from '../user/user.service';
import * as repo from './code.repository';
import type { RequestMeta } from './signIn';

/**
 * One-time codes by SMS or e-mail. Every code asked for is a row, whether or not the target is
 * anyone's (then nothing is sent and no code exists, and the answer is the same): the rows are the
 * budgets, counted by the service clock, and a row is written — its slot reserved — before the
 * provider is called.
 */
export const CODE_RULES = {
  /** A code is good for 5 minutes, for one use, and at most 5 checks. */
  ttlMs: 5 * 60_000,
  maxChecks: 5,
  /** One code per target per minute (the page counts it down). */
  intervalMs: 60_000,
  /** Codes per target per day. */
  perTargetPerDay: 10,
  /** Codes asked from one address per hour, over all targets. */
  perAddressPerHour: 20,
  /** An address or target that asked within this long must solve a picture captcha first. */
  captchaAfterMs: 24 * 3600_000,
  captchaTtlMs: 5 * 60_000,
} as const;

/** Picture captchas handed to one address, per window. */
export const CAPTCHA_LIMIT: LimitRule = { name: 'captcha', points: 30, durationSec: 10 * 60 };

export type CodeChannel = 'sms' | 'email';
export type CodeScene = 'login' | 'reset' | 'bind';

const sha = (text: string) => hash('sha256', text, 'hex');
const codeHash = (id: string, code: string) => sha(`${id}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether site settings let a code of this channel and scene be sent. */
export function channelOn(site: SiteConfig, channel: CodeChannel, scene: CodeScene): boolean {
  if (channel === 'email') return scene === 'reset' && site.resetEmail && site.mailReady;
  if (!site.smsReady) return false;
  if (scene === 'login') return site.loginSms;
  if (scene === 'reset') return site.resetSms;
  return true;
}

export const channelOff = (channel: CodeChannel) =>
  new AppError(ErrorCode.SIGNIN_METHOD_OFF, channel === 'sms' ? '短信验证码功能未开启，请联系管理员' : '邮件验证码功能未开启，请联系管理员');

/** A picture captcha: its id and the SVG to show. */
export async function createCaptcha(ctx: ServiceContext, meta: RequestMeta): Promise<{ id: string; svg: string }> {
  if (!(await ctx.limiter.for(CAPTCHA_LIMIT).consume(meta.ip)).allowed) throw new AppError(ErrorCode.RATE_LIMITED, '获取图形验证码过于频繁，请稍后再试');
  const now = ctx.clock.now();
  await repo.deleteCaptchasBefore(ctx.db, now);
  const captcha = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, width: 130, height: 54, fontSize: 50 });
  const id = newId();
  await repo.insertCaptcha(ctx.db, { id, answer_hash: sha(captcha.text.toLowerCase()), expire_time: now + CODE_RULES.captchaTtlMs });
  return { id, svg: captcha.data };
}

async function passCaptcha(ctx: ServiceContext, id: string | undefined, answer: string | undefined): Promise<void> {
  if (!id || !answer?.trim()) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, '请输入图形验证码');
  const stored = await repo.takeCaptcha(ctx.db, id, ctx.clock.now());
  if (!stored || !sameHash(stored, sha(answer.trim().toLowerCase()))) throw new AppError(ErrorCode.CAPTCHA_INVALID, '图形验证码错误，请重新输入');
}

export interface CodeRequest {
  channel: CodeChannel;
  /** Mobile number or e-mail address, already checked and normalised. */
  target: string;
  scene: CodeScene;
  captchaId?: string;
  captcha?: string;
  /** Binding a phone: the signed-in user the code is for. */
  forUserId?: string;
}

/** Seconds until the target may be sent another code. */
const waitSeconds = (last: number, now: number) => Math.max(1, Math.ceil((last + CODE_RULES.intervalMs - now) / 1000));

/**
 * Sends a code, or refuses saying why (switched off, captcha, too soon, budget spent, provider
 * refused). Answers alike whether or not the target is anyone's. `interval`: seconds until the
 * next may be asked.
 */
export async function sendCode(ctx: ServiceContext, req: CodeRequest, meta: RequestMeta): Promise<{ interval: number }> {
  const site = await getSiteConfig(ctx);
  if (!channelOn(site, req.channel, req.scene)) throw channelOff(req.channel);
  const now = ctx.clock.now();
  const ip = meta.ip.slice(0, 64);

  // Too soon is said before the captcha is asked for, so the page can count down instead.
  const last = await repo.lastCodeTime(ctx.db, req.target, '');
  if (last !== undefined && now - last < CODE_RULES.intervalMs) {
    throw new AppError(ErrorCode.CODE_TOO_SOON, `发送过于频繁，请${waitSeconds(last, now)}秒后再试`);
  }
  const since = now - CODE_RULES.captchaAfterMs;
  const seen = last !== undefined && last > since ? true : (await repo.countCodesSince(ctx.db, 'ip', ip, since)) > 0;
  if (seen) await passCaptcha(ctx, req.captchaId, req.captcha);

  const owner = req.forUserId ?? (await findUserByContact(ctx, req.channel === 'sms' ? 'mobile' : 'email', req.target))?.id ?? null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = newId();
  // The slot is reserved (the row written) first, then the budgets are counted with it in: of
  // requests racing for the last slot, none passes a count read before another's row.
  await repo.insertCode(ctx.db, {
    id,
    channel: req.channel,
    target: req.target,
    scene: req.scene,
    ip,
    user_id: owner,
    code_hash: owner ? codeHash(id, code) : null,
    expire_time: now + CODE_RULES.ttlMs,
    create_time: now,
  });
  const refuse = async (err: AppError) => {
    await repo.deleteCode(ctx.db, id);
    return err;
  };
  const other = await repo.lastCodeTime(ctx.db, req.target, id);
  if (other !== undefined && now - other < CODE_RULES.intervalMs) {
    throw await refuse(new AppError(ErrorCode.CODE_TOO_SOON, `发送过于频繁，请${waitSeconds(other, now)}秒后再试`));
  }
  if ((await repo.countCodesSince(ctx.db, 'target', req.target, now - 24 * 3600_000)) > CODE_RULES.perTargetPerDay) {
    throw await refuse(new AppError(ErrorCode.CODE_BUDGET_SPENT, req.channel === 'sms' ? '该手机号今日获取验证码次数已达上限，请明天再试' : '该邮箱今日获取验证码次数已达上限，请明天再试'));
  }
  if ((await repo.countCodesSince(ctx.db, 'ip', ip, now - 3600_000)) > CODE_RULES.perAddressPerHour) {
    throw await refuse(new AppError(ErrorCode.CODE_BUDGET_SPENT, '获取验证码过于频繁，请一小时后再试'));
  }
  if (owner) await deliver(ctx, site, req, code);
  return { interval: CODE_RULES.intervalMs / 1000 };
}

async function deliver(ctx: ServiceContext, site: SiteConfig, req: CodeRequest, code: string): Promise<void> {
  if (req.channel === 'sms') {
    const gateway = await currentSmsGateway(ctx);
    if (!gateway) throw channelOff('sms');
    try {
      await gateway.send({ mobile: req.target, code, scene: req.scene });
    } catch (e) {
      // The slot stays spent: a provider that refuses is not to be asked again at once.
      if (e instanceof SmsRefused) {
        ctx.log.warn(`sms to ${maskMobile(req.target)} refused: ${e.detail}`);
        throw new AppError(ErrorCode.SEND_FAILED, e.message);
      }
      ctx.log.warn(`sms to ${maskMobile(req.target)} failed: ${String(e)}`);
      throw new AppError(ErrorCode.SEND_FAILED, '短信发送失败，请稍后再试');
    }
    return;
  }
  if (!ctx.mailer) throw channelOff('email');
  try {
    await ctx.mailer.send({
      to: req.target,
      subject: `【${site.siteName}】密码重置验证码`,
      text: `您正在重置${site.siteName}的登录密码，验证码：${code}，5分钟内有效。\n如非本人操作，请忽略本邮件，您的密码不会改变。`,
    });
  } catch (e) {
    ctx.log.warn(`mail for a password reset failed: ${String(e)}`);
    throw new AppError(ErrorCode.SEND_FAILED, '邮件发送失败，请稍后再试或联系管理员');
  }
}

const badCode = () => new AppError(ErrorCode.CODE_INVALID, '验证码错误或已过期');

/**
 * Checks a code and uses it up; answers whom it was sent for. Every refusal reads alike whether or
 * not the target is anyone's: a target nobody owns has a row too, counted the same.
 */
export async function useCode(ctx: ServiceContext, channel: CodeChannel, target: string, scene: CodeScene, code: string): Promise<string> {
  const row = await repo.newestCode(ctx.db, channel, target, scene);
  if (!row || row.used || Number(row.expire_time) <= ctx.clock.now()) throw badCode();
  if (!(await repo.countCheck(ctx.db, row.id, CODE_RULES.maxChecks))) {
    throw new AppError(ErrorCode.CODE_INVALID, '验证码错误次数过多，请重新获取');
  }
  if (!row.code_hash || !row.user_id || !/^\d{6}$/.test(code) || !sameHash(row.code_hash, codeHash(row.id, code))) throw badCode();
  if (!(await repo.useCode(ctx.db, row.id))) throw badCode();
  return row.user_id;
}

/** Codes older than a day count toward nothing any more. */
export const purgeCodes = (ctx: ServiceContext) => repo.deleteCodesBefore(ctx.db, ctx.clock.now() - 2 * 24 * 3600_000);
