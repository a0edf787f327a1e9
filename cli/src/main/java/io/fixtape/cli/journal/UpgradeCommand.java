package io.fixtape.cli.journal;

import io.fixtape.journal.JournalRewrite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code journal upgrade DIR}: rewrites a journal's records in the current record format (each record keeps its
 * index; the old queue is kept beside the new one). Takes the journal's lock: refused while an engine runs on it.
 */
@Command(name = "upgrade", mixinStandardHelpOptions = true,
    description = "Rewrite a journal's records in the current format (fixtape-journal 2.0, with a CRC32C per record); "
        + "the old queue is kept in DIR/queue.1.0.")
public final class UpgradeCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "journal directory (no engine may be running on it)")
    Path dir;

    @Override
    public Integer call()
    {
        spec.commandLine().getOut().println(JournalRewrite.upgrade(dir));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
