/** An upload that is not an image we accept; the message is for the user and names no internals. */
export class ImageRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageRejectedError';
  }
}
