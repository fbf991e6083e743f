import { describe, expect, it } from 'vitest';
import { sha256Hex } from './file-hash';

describe('content hashes', () => {
  it('is the SHA-256 of the bytes in hex, as the server records it', async () => {
    // Known answers of SHA-256 (FIPS 180-2 examples).
    expect(await sha256Hex(new File(['abc'], 'a.jpg'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex(new Blob([]))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
