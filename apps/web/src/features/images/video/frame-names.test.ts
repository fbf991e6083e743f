import { describe, expect, it } from 'vitest';
import { formatTimestamp, frameFileName, frameTimes, videoBaseName } from './frame-names';

describe('frame names', () => {
  it('writes times as mm:ss.s, rounding to tenths', () => {
    expect(formatTimestamp(0)).toBe('00:00.0');
    expect(formatTimestamp(7.04)).toBe('00:07.0');
    expect(formatTimestamp(65.25)).toBe('01:05.3');
    expect(formatTimestamp(59.96)).toBe('01:00.0');
    expect(formatTimestamp(3725)).toBe('62:05.0');
  });

  it('names a frame after its video without the extension and its time', () => {
    expect(frameFileName('port-pass.webm', 12)).toBe('port-pass@00:12.0.jpg');
    expect(frameFileName('rov.dive.3.MP4', 90.5)).toBe('rov.dive.3@01:30.5.jpg');
    expect(videoBaseName('.hidden')).toBe('.hidden');
  });
});

describe('frame times', () => {
  it('takes one frame per interval from the start, before the end', () => {
    expect(frameTimes(13.5, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(frameTimes(3, 1)).toEqual([0, 1, 2]);
    expect(frameTimes(1, 0.3)).toEqual([0, 0.3, 0.6, 0.9]);
    expect(frameTimes(0.2, 5)).toEqual([0]);
  });

  it('takes none from a video without a duration or with no interval', () => {
    expect(frameTimes(0, 1)).toEqual([]);
    expect(frameTimes(Number.NaN, 1)).toEqual([]);
    expect(frameTimes(10, 0)).toEqual([]);
  });
});
