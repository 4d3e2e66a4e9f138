// Writes records as one JSON array to a stream in batches, for the row-at-a-time parsers.
const BATCH = 1 << 20;

/** JSON.stringify-based writer of `[rec,\nrec,...]`. */
export class JsonArrayWriter {
  constructor(stream) {
    this.stream = stream;
    this.pending = '[\n';
    this.first = true;
  }
  write(record) {
    this.pending += (this.first ? '' : ',\n') + JSON.stringify(record);
    this.first = false;
    if (this.pending.length >= BATCH) {
      this.stream.write(this.pending);
      this.pending = '';
    }
  }
  end() {
    return new Promise((resolve, reject) => {
      this.stream.on('error', reject);
      this.stream.end(`${this.pending}\n]\n`, resolve);
    });
  }
}
