/**
 * A valid PDF written out by hand: one page per entry of `pages`, each showing its text, a line
 * for each line of the entry (pdf.js leaves out text beyond the page's edge), in Helvetica (one of the 14 standard fonts, so nothing is embedded), an Info dictionary with
 * `title` when given, and a cross-reference table with every object's byte offset. Pages are
 * `size` points (default US Letter, 612 × 792); text starts an inch from the top left corner.
 */
export function pdfOf(
  pages: string[],
  title?: string,
  size: { width: number; height: number } = { width: 612, height: 792 },
): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (const [i, text] of pages.entries()) {
    const lines = text.split('\n').map((line) => `(${line}) Tj T*`);
    const stream = `BT /F1 12 Tf 14 TL 72 ${size.height - 72} Td ${lines.join(' ')} ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  if (title !== undefined) objects.push(`<< /Title (${title}) >>`);
  let file = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const offset = file.length;
    file += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = file.length;
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  file += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const info = title === undefined ? '' : ` /Info ${objects.length} 0 R`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${info} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(file);
}
