/**
 * Graph generator benchmark (issues 18 and 32): the parser over its corpus, both parts
 * (apps/server/src/modules/graph-generator/corpus/dev.txt, the phrasings it was developed on, and
 * corpus/held-out.txt, written before it was tuned and only scored). Prints per part: exact-match accuracy
 * per slot and per whole sentence, the clarify rate (share answered with a question), the false-clarify rate
 * (chart requests answered with a question), the silent wrong charts (must be 0) and the parse time per
 * sentence. No database, no network.
 *
 *   node --import tsx bench/graph-generator.ts [--verbose]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  CORPUS_PARTS,
  loadCorpus,
  runCorpus,
  SLOTS,
  summarize,
} from '../apps/server/src/modules/graph-generator/corpus.ts';
import { parseSentence } from '../apps/server/src/modules/graph-generator/parser.ts';

const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const pct = (n: number, of: number) => (of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(1)} %`);

for (const part of CORPUS_PARTS) {
  const corpus = loadCorpus(part);
  const results = runCorpus(corpus);
  const summary = summarize(results);
  console.log(
    `\n${part}: ${summary.cases} phrasings (${summary.chartRequests} chart requests, ${summary.expectedQuestions} expect a question)`,
  );
  console.log('slot          matched   of   exact');
  for (const slot of SLOTS) {
    const { matched, of } = summary.perSlot[slot];
    console.log(
      `${slot.padEnd(12)} ${String(matched).padStart(8)} ${String(of).padStart(4)}   ${pct(matched, of)}`,
    );
  }
  console.log(
    `whole sentence ${String(summary.exact).padStart(6)} ${String(summary.cases).padStart(4)}   ${pct(summary.exact, summary.cases)}`,
  );
  console.log(
    `clarify rate (answered with a question): ${summary.questions} (${pct(summary.questions, summary.cases)})`,
  );
  console.log(
    `false-clarify rate (chart requests answered with a question): ${summary.falseClarify} of ${summary.chartRequests} (${pct(summary.falseClarify, summary.chartRequests)})`,
  );
  console.log(`silent wrong charts (a chart other than the one expected): ${summary.silentWrong}`);

  // Parse time: every sentence 20 times.
  const context = { now: Date.parse(corpus.now), utcOffsetMinutes: corpus.utcOffsetMinutes };
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const c of corpus.cases) {
      const start = performance.now();
      parseSentence(c.text, corpus.catalogue, context);
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`parse time per sentence: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);

  if (values.verbose) {
    for (const r of results.filter((x) => !x.exact)) {
      console.log(
        `\n${r.text}\n  expected ${JSON.stringify(r.expected)}\n  got      ${JSON.stringify(r.actual)}`,
      );
    }
  }
}
