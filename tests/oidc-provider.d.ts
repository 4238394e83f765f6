/** The part of oidc-provider (ships no types) that the single sign-on tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }
  export interface KoaContextWithOIDC {
    oidc: {
      session?: { accountId?: string; grantIdFor(clientId: string, value?: string): string | undefined; ensureClientContainer(clientId: string): void };
      client?: { clientId: string };
      provider: Provider;
    };
  }
  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  export type Configuration = Record<string, unknown> & {
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  };
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
    on(event: string, listener: (ctx: unknown, err: Error) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
