import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export interface JwtSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/**
 * Whom a token is for, and the user's session version when it was issued: a password change, a
 * reset or an account deletion bumps the version, and every earlier token stops working at once.
 */
export interface SessionClaims {
  userId: number;
  sessionVersion: number;
}

const ALGORITHM = 'HS256';

type TokenType = 'access' | 'refresh';

/** Issues and checks the HS256 access and refresh tokens; `exp` is in seconds (spec §4). */
export class JwtService {
  private readonly key: Uint8Array;

  constructor(private readonly settings: JwtSettings) {
    this.key = new TextEncoder().encode(settings.secret);
  }

  signAccess(claims: SessionClaims): Promise<string> {
    return this.signSession('access', claims, this.settings.accessTtlSeconds);
  }

  signRefresh(claims: SessionClaims): Promise<string> {
    return this.signSession('refresh', claims, this.settings.refreshTtlSeconds);
  }

  /** The claims of a valid, unexpired access token; null for anything else. */
  verifyAccess(token: string): Promise<SessionClaims | null> {
    return this.verifySession(token, 'access');
  }

  verifyRefresh(token: string): Promise<SessionClaims | null> {
    return this.verifySession(token, 'refresh');
  }

  private signSession(
    tokenType: TokenType,
    { userId, sessionVersion }: SessionClaims,
    ttlSeconds: number,
  ): Promise<string> {
    return this.sign({ token_type: tokenType, user_id: userId, session_version: sessionVersion }, ttlSeconds);
  }

  /** Tokens without a session version (issued before it was added) are refused like forged ones. */
  private async verifySession(token: string, tokenType: TokenType): Promise<SessionClaims | null> {
    const payload = await this.verify(token, tokenType);
    if (!payload || typeof payload.user_id !== 'number' || typeof payload.session_version !== 'number') {
      return null;
    }
    return { userId: payload.user_id, sessionVersion: payload.session_version };
  }

  private sign(claims: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  private async verify(token: string, tokenType: TokenType) {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['exp'],
      });
      return payload.token_type === tokenType ? payload : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
