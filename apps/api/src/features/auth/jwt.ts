import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export interface JwtSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface RefreshClaims {
  userId: number;
  sessionVersion: number;
}

const ALGORITHM = 'HS256';

/** Issues and checks the HS256 access and refresh tokens; `exp` is in seconds (spec §4). */
export class JwtService {
  private readonly key: Uint8Array;

  constructor(private readonly settings: JwtSettings) {
    this.key = new TextEncoder().encode(settings.secret);
  }

  signAccess(userId: number): Promise<string> {
    return this.sign({ token_type: 'access', user_id: userId }, this.settings.accessTtlSeconds);
  }

  signRefresh({ userId, sessionVersion }: RefreshClaims): Promise<string> {
    return this.sign(
      { token_type: 'refresh', user_id: userId, session_version: sessionVersion },
      this.settings.refreshTtlSeconds,
    );
  }

  /** The user id of a valid, unexpired access token; null for anything else. */
  async verifyAccess(token: string): Promise<number | null> {
    const payload = await this.verify(token, 'access');
    return payload && typeof payload.user_id === 'number' ? payload.user_id : null;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    const payload = await this.verify(token, 'refresh');
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

  private async verify(token: string, tokenType: 'access' | 'refresh') {
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
