declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: ArrayBufferLike | Buffer }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: ArrayBufferLike | Buffer }): Promise<LazyImage[]>;
  }
  export default decode;
}
