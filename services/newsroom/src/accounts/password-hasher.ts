import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB of memory, 2 passes, 1 lane): about 30 ms a hash
 * on one core here, so 10 tries a minute cost an attacker nothing noticeable and a sign-in stays quick.
 * The parameters travel in each PHC string, so raising them later leaves existing hashes verifiable.
 */
export const ARGON2_PARAMETERS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher {
  /** Compared against when the name is unknown, so an unknown name costs as long as a wrong password. */
  private decoy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_PARAMETERS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends a verification's time and answers false. */
  async verifyNothing(password: string): Promise<false> {
    this.decoy ??= this.hash('decoy password never used by anyone');
    await this.verify(await this.decoy, password);
    return false;
  }
}
