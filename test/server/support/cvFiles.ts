/**
 * Small CV files built in code, so each test shows exactly what it uploads: a one-page PDF (hand
 * written PDF objects with a correct cross-reference table), a DOCX (a ZIP of the three parts Word
 * needs), hostile files (archive and stream bombs), and multipart bodies for Fastify's inject.
 */
import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib';

function pdfString(text: string): string {
  return text.replace(/[\\()]/g, (char) => `\\${char}`);
}

/** A one-page PDF in Helvetica whose content stream is `stream` (`filter`: how it is encoded). */
function onePagePdf(stream: Buffer, filter?: string): Buffer {
  const dictionary = `<< /Length ${stream.length}${filter ? ` /Filter /${filter}` : ''} >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`${dictionary}\nstream\n`, 'latin1'),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(object);
    length += object.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(tail, 'latin1')]);
}

/** A one-page PDF showing `lines` in Helvetica; no lines gives a page with no text at all. */
export function pdfWithText(lines: string[]): Buffer {
  const content = lines.length
    ? `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${pdfString(line)}) '`).join(' ')} ET`
    : '';
  return onePagePdf(Buffer.from(content, 'latin1'));
}

const MIB = 1024 * 1024;

interface Compressed {
  data: Buffer;
  crc: number;
  size: number;
}

/**
 * `head`, then `repeated` until about `inflatedBytes`, then `tail`, deflated (raw for a ZIP entry,
 * zlib-wrapped for a PDF stream) without ever holding the inflated bytes.
 */
async function deflateRepeated(
  parts: { head: string; repeated: string; tail: string },
  inflatedBytes: number,
  raw: boolean,
): Promise<Compressed> {
  const deflate = raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const chunk = Buffer.from(parts.repeated.repeat(Math.ceil(MIB / parts.repeated.length)));
  let crc = 0;
  let size = 0;
  const write = async (bytes: Buffer) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await once(deflate, 'drain');
  };
  await write(Buffer.from(parts.head));
  while (size < inflatedBytes) await write(chunk);
  await write(Buffer.from(parts.tail));
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(chunks), crc, size };
}

/**
 * A PDF whose one content stream inflates to about `inflatedMiB` MiB of text-showing operators: a
 * few hundred kilobytes that would cost a parser gigabytes and minutes.
 */
export async function pdfBomb(inflatedMiB: number): Promise<Buffer> {
  const { data } = await deflateRepeated(
    { head: 'BT /F1 12 Tf 72 720 Td 14 TL ', repeated: "(Jane Doe, engineer) ' ", tail: 'ET' },
    inflatedMiB * MIB,
    false,
  );
  return onePagePdf(data, 'FlateDecode');
}

/** A deflated ZIP entry; `declaredSize` is the inflated size its headers claim (default: true). */
interface DeflatedEntry extends Compressed {
  declaredSize?: number;
}

const DEFLATE = 8;

/** A ZIP archive: strings and buffers are stored (uncompressed), deflated entries as given. */
export function zip(entries: Record<string, string | Buffer | DeflatedEntry>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, value] of Object.entries(entries)) {
    const stored = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    const entry = Buffer.isBuffer(stored) ? null : stored;
    const data = entry?.data ?? (stored as Buffer);
    const method = entry ? DEFLATE : 0;
    const crc = entry?.crc ?? crc32(data);
    const size = entry ? (entry.declaredSize ?? entry.size) : data.length;
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCX_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

const DOCUMENT_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A Word document with one paragraph per line. */
export function docxWithText(lines: string[]): Buffer {
  return docxWithXmlLines(lines.map(escapeXml));
}

/** A Word document with one paragraph per line, each written as XML as given (`&#0;` stays). */
export function docxWithXmlLines(xmlLines: string[]): Buffer {
  const paragraphs = xmlLines.map((line) => `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`).join('');
  const document = `${DOCUMENT_HEAD}${paragraphs}</w:body></w:document>`;
  return zip({
    '[Content_Types].xml': DOCX_CONTENT_TYPES,
    '_rels/.rels': DOCX_RELS,
    'word/document.xml': document,
  });
}

/**
 * A Word document whose `word/document.xml` inflates to about `inflatedMiB` MiB of paragraphs (a
 * zip bomb). `declaredKiB` makes the archive's headers claim that many KiB instead of the truth.
 */
export async function docxBomb(inflatedMiB: number, declaredKiB?: number): Promise<Buffer> {
  const document = await deflateRepeated(
    {
      head: DOCUMENT_HEAD,
      repeated: '<w:p><w:r><w:t>Jane Doe, backend engineer</w:t></w:r></w:p>',
      tail: '</w:body></w:document>',
    },
    inflatedMiB * MIB,
    true,
  );
  return zip({
    '[Content_Types].xml': DOCX_CONTENT_TYPES,
    '_rels/.rels': DOCX_RELS,
    'word/document.xml':
      declaredKiB === undefined ? document : { ...document, declaredSize: declaredKiB * 1024 },
  });
}

/** Looks like a DOCX from its first bytes, but its document part is not XML. */
export function corruptDocx(): Buffer {
  return zip({
    '[Content_Types].xml': DOCX_CONTENT_TYPES,
    '_rels/.rels': DOCX_RELS,
    'word/document.xml': Buffer.from([0xff, 0xfe, 0x00, 0x3c, 0x21, 0x99]),
  });
}

/** A multipart/form-data body with one file part. */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  fieldName = 'file',
  contentType = 'application/octet-stream',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----applyfirst${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
