package io.fixtape.cli.journal;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on stderr (me.tongfei:progressbar) for long reads: shown only on an interactive terminal and
 * above a record count, so pipes, scripts and tests get clean output.
 */
final class Progress implements AutoCloseable
{
    private static final long MIN_RECORDS = 200_000;
    private final ProgressBar bar;
    private long pending;

    Progress(final String task, final long total, final boolean enabled)
    {
        this.bar = enabled && total >= MIN_RECORDS && System.console() != null ?
            new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(" records", 1)
                .setConsumer(new ConsoleProgressBarConsumer(System.err)).build() : null;
    }

    void step()
    {
        if (bar != null && ++pending == 4096)
        {
            bar.stepBy(pending);
            pending = 0;
        }
    }

    @Override
    public void close()
    {
        if (bar != null)
        {
            bar.stepBy(pending);
            bar.close();
        }
    }
}
