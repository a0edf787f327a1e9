package io.fixtape.cli;

import io.fixtape.nic.KernelBypass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code KernelBypass} in a settings file, through the real acceptor command, on a host without Onload or VMA. */
class KernelBypassSettingTest
{
    @TempDir
    Path dir;

    @Test
    void requireWithoutABypassStackRefusesToStartNamingWhatIsMissing() throws IOException
    {
        assertFalse(new KernelBypass().detect().stream().anyMatch(KernelBypass.Stack::active),
            "this test expects a host without an active bypass stack: " + new KernelBypass().summary());
        final String err = runAcceptor("KernelBypass=require\nOnloadStackName=fixtape\n", 2);
        assertTrue(err.contains("fixtape acceptor: KernelBypass=require but no kernel-bypass stack is active"), err);
        assertTrue(err.contains("libonload_ext.so not found"), err);
        assertTrue(err.contains("onload=absent"), err);
    }

    @Test
    void misspeltModeIsASettingsError() throws IOException
    {
        final String err = runAcceptor("KernelBypass=always\n", 2);
        assertTrue(err.contains("KernelBypass=always: expected off, prefer or require"), err);
    }

    private String runAcceptor(final String extraDefaults, final int expectedExit) throws IOException
    {
        final Path cfg = dir.resolve("acceptor.cfg");
        Files.writeString(cfg, "[DEFAULT]\nConnectionType=acceptor\nSocketAcceptPort=0\nSenderCompID=EXEC\n" +
            extraDefaults + "\n[SESSION]\nBeginString=FIX.4.4\nTargetCompID=BANZAI\n");
        final PrintStream originalErr = System.err;
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try
        {
            final int exit = FixtapeMain.commandLine().execute("acceptor", "--config", cfg.toString());
            assertEquals(expectedExit, exit, err.toString(StandardCharsets.UTF_8));
        }
        finally
        {
            System.setErr(originalErr);
        }
        return err.toString(StandardCharsets.UTF_8);
    }
}
