import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../../server/jobs/normalise/decodeEntities';
import { htmlToText } from '../../../server/jobs/normalise/htmlToText';

describe('htmlToText', () => {
  it('turns block tags into lines and list items into "- " lines', () => {
    expect(
      htmlToText('<h3>Stack</h3><ul><li>Go</li><li>Rust</li></ul><p>Apply <b>now</b>.</p>'),
    ).toBe('Stack\n\n- Go\n- Rust\n\nApply now.');
  });

  it('drops script, style and comments with everything inside them', () => {
    expect(
      htmlToText('a<script>alert("<p>x</p>")</script>b<style>p{}</style>c<!-- <p>hidden</p> -->d'),
    ).toBe('abcd');
  });

  it('keeps a "<" that starts no tag, and text after an unclosed one', () => {
    expect(htmlToText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(htmlToText('<p>fine</p> x <b unclosed')).toBe('fine\nx <b unclosed');
  });

  it('decodes entities in text only after the tags are gone, so encoded tags stay text', () => {
    expect(htmlToText('<p>&lt;script&gt; is text &amp; so is &#60;b&#62;</p>')).toBe(
      '<script> is text & so is <b>',
    );
  });

  it('reads Greenhouse content, which is escaped once more, after one extra decode', () => {
    const greenhouse =
      '&lt;p&gt;Tom &amp;amp; Jerry&lt;/p&gt;&lt;ul&gt;&lt;li&gt;C++&lt;/li&gt;&lt;/ul&gt;';
    expect(htmlToText(decodeEntities(greenhouse))).toBe('Tom & Jerry\n\n- C++');
  });

  it('reads 5 MB of hostile markup (unclosed tags, "<" runs, open comments) and keeps the text around it', () => {
    const hostile = [
      '<'.repeat(1_500_000),
      '<a'.repeat(500_000),
      '&#'.repeat(500_000),
      '<p>x</p>'.repeat(200_000),
    ].join('');
    const text = htmlToText(`<p>start</p>${hostile}<p>end</p><!--${'-'.repeat(500_000)}`);
    expect(hostile.length + 500_000).toBeGreaterThan(5_000_000);
    expect(text.startsWith(`start\n${'<'.repeat(1_500_000)}x\n`)).toBe(true);
    // The first "<a" has no ">" before the first "<p>", so everything up to there is one tag and the
    // first "x" joins the "<" line; the other 199,999 stand alone.
    expect(text.split('\n').filter((line) => line === 'x')).toHaveLength(199_999);
    expect(text.includes('end')).toBe(true);
  });
});

describe('decodeEntities', () => {
  it('decodes named, decimal and hex references', () => {
    expect(decodeEntities('&quot;a&quot; &amp; b &#8212; &#x2019; &nbsp;')).toBe('"a" & b — ’  ');
  });

  it('leaves unknown, unterminated and out-of-range references harmless', () => {
    expect(decodeEntities('&bogus; &amp &#xD800; &#99999999;')).toBe('&bogus; &amp \uFFFD \uFFFD');
  });

  it('does not decode twice: "&amp;lt;" is the text "&lt;"', () => {
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });
});
