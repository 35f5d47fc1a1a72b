import { CircleAlert, CircleCheck, FolderOpen, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ImportJob, ImportSummary } from '../../../../contract/bookmarks-io.ts';
import { plural } from '../../lib/count.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { ProgressBar } from '../../ui/progress-bar.tsx';
import { PageSpinner } from '../../ui/spinner.tsx';
import { useImportJob } from './bookmarks-io.queries.ts';
import { duplicatesSentence, importProgress, skippedReasons } from './import-report.ts';

const reasonLabel: Record<ImportSummary['examples']['skipped'][number]['reason'], string> = {
  'unsupported-scheme': 'not a web page',
  'missing-url': 'no address',
  'invalid-url': 'incomplete address',
};

/**
 * One import, from its page `/import/bookmarks?job={id}`: the progress bar with counts while it
 * runs ("This may take several minutes", PRODUCT.md#import-and-export), then the summary: what was
 * created, which entries were skipped and why, and the duplicates. The success notification
 * (PRODUCT.md#messages) appears when a running import finishes.
 */
export function ImportJobView({ id }: { id: number }) {
  const job = useImportJob(id);
  const status = job.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'running' && status === 'done') {
      notify({
        type: 'success',
        title: 'Bookmarks imported',
        description: 'Bookmarks were successfully imported.',
      });
    }
    previous.current = status;
  }, [status]);

  if (job.isPending) return <PageSpinner label="Loading the import" />;
  if (job.isError) {
    return (
      <Outcome
        icon={<CircleAlert aria-hidden className="size-5 text-danger-text" />}
        title="This import cannot be shown"
        text="It does not exist, or it is someone else’s."
        actions={<AnotherFile />}
      />
    );
  }
  const data = job.data;
  if (data.status === 'running') return <Running job={data} />;
  if (data.status === 'failed') {
    return (
      <Outcome
        icon={<CircleAlert aria-hidden className="size-5 text-danger-text" />}
        title={`${data.file_name} was not imported`}
        text={data.error ?? 'The import stopped.'}
        actions={<AnotherFile label="Try again" />}
      />
    );
  }
  return <Summary job={data} summary={data.summary!} />;
}

function Running({ job }: { job: ImportJob }) {
  const progress = importProgress(job);
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <div>
        <p className="font-medium">
          Importing <span className="break-all">{job.file_name}</span>
        </p>
        <p className="text-sm text-fg-muted">{job.format_name}</p>
      </div>
      <ProgressBar value={progress.value} label="Import progress" busy={progress.busy} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="text-fg">{progress.step}</span>
        <span className="text-fg-muted">This may take several minutes</span>
      </div>
      <p className="text-sm text-fg-muted">
        You can leave this page: the import goes on, and nothing of it is saved until all of it is.
      </p>
    </div>
  );
}

function Summary({ job, summary }: { job: ImportJob; summary: ImportSummary }) {
  const reasons = skippedReasons(summary.skipped);
  const duplicates = duplicatesSentence(summary.duplicates);
  const nothingNew = summary.posts === 0 && summary.collections === 0;
  const fileName = <span className="break-all">{job.file_name}</span>;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
        <div>
          <h3 className="font-semibold">
            {nothingNew ? 'Nothing new to import' : 'Bookmarks imported'}
          </h3>
          <p className="text-sm text-fg-muted">
            {nothingNew ? (
              <>Everything in {fileName} is already in the collection.</>
            ) : (
              <>
                Bookmarks were successfully imported from {fileName} ({job.format_name}).
              </>
            )}
          </p>
        </div>
      </div>
      <ProgressBar value={100} label="Import progress" />
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Count label={summary.posts === 1 ? 'post' : 'posts'} value={summary.posts} />
        <Count
          label={summary.collections === 1 ? 'collection' : 'collections'}
          value={summary.collections}
        />
        <Count label={summary.tags === 1 ? 'tag' : 'tags'} value={summary.tags} />
      </dl>

      {reasons.length > 0 && (
        <section aria-labelledby="skipped-heading" className="flex flex-col gap-2">
          <h4 id="skipped-heading" className="text-sm font-semibold">
            Skipped: {plural(summary.skipped.total, 'entry', 'entries')}
          </h4>
          <ul className="list-disc pl-5 text-sm text-fg-muted">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <Examples
            summaryText="Show which"
            items={summary.examples.skipped.map((entry) => ({
              title: entry.title || 'Untitled',
              detail:
                entry.url === null
                  ? reasonLabel[entry.reason]
                  : `${entry.url} · ${reasonLabel[entry.reason]}`,
            }))}
            total={summary.skipped.total}
          />
        </section>
      )}

      {duplicates && (
        <section aria-labelledby="duplicates-heading" className="flex flex-col gap-2">
          <h4 id="duplicates-heading" className="text-sm font-semibold">
            Duplicates: {plural(summary.duplicates.total, 'link')}
          </h4>
          <p className="text-sm text-fg-muted">{duplicates}</p>
          <Examples
            summaryText="Show which"
            items={summary.examples.duplicates.map((entry) => ({
              title: entry.title,
              detail: `${entry.url} · ${entry.where === 'target' ? 'already in the collection' : 'repeated in the file'}`,
            }))}
            total={summary.duplicates.total}
          />
        </section>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <AnotherFile label="Import another file" />
        <Link to={`/c/${summary.collection_id}`} className={buttonClasses('primary')}>
          <FolderOpen aria-hidden />
          Open the collection
        </Link>
      </div>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-line bg-surface-muted/50 px-3 py-2.5">
      <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString('en')}</dd>
      <dt className="text-sm text-fg-muted">{label}</dt>
    </div>
  );
}

/** The first entries of a kind (the server lists at most 20), folded away. */
function Examples({
  summaryText,
  items,
  total,
}: {
  summaryText: string;
  items: { title: string; detail: string }[];
  total: number;
}) {
  return (
    <details className="group rounded-lg border border-line text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium text-accent-text select-none">
        {summaryText}
      </summary>
      <ul className="flex flex-col gap-1.5 border-t border-line px-3 py-2.5">
        {items.map((item, index) => (
          <li key={index} className="min-w-0">
            <span className="block truncate text-fg">{item.title}</span>
            <span className="block truncate text-fg-muted">{item.detail}</span>
          </li>
        ))}
        {total > items.length && (
          <li className="text-fg-muted">and {plural(total - items.length, 'more', 'more')}</li>
        )}
      </ul>
    </details>
  );
}

function Outcome({
  icon,
  title,
  text,
  actions,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3"
      >
        {icon}
        <div>
          <h3 className="font-semibold [overflow-wrap:anywhere]">{title}</h3>
          <p className="text-sm text-danger-text">{text}</p>
        </div>
      </div>
      <div className="flex justify-end">{actions}</div>
    </div>
  );
}

function AnotherFile({ label = 'Import a file' }: { label?: string }) {
  return (
    <Link to="/import/bookmarks" className={buttonClasses('secondary')}>
      <RotateCcw aria-hidden />
      {label}
    </Link>
  );
}
