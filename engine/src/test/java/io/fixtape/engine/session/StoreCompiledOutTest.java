package io.fixtape.engine.session;

import io.fixtape.engine.store.StoreSwitch;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store-compiled-out flavour ({@code -Dfixtape.store.compiledOut=true}): {@link StoreSwitch#COMPILED_OUT} is a
 * constant fixed at class initialisation, so the flavour is exercised in a child JVM (same java, classpath and
 * flags as this one) running {@link CompiledOutScenario}.
 */
class StoreCompiledOutTest
{
    @Test
    void defaultIsStoreCompiledIn()
    {
        assertFalse(StoreSwitch.COMPILED_OUT, "default must be false (surefire does not set " +
            StoreSwitch.PROPERTY + ")");
    }

    @Test
    void compiledOutSessionWorksAndAnswersResendByGapFill() throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (!arg.startsWith("-javaagent") && !arg.startsWith("-agentlib") && !arg.startsWith("-D" +
                StoreSwitch.PROPERTY))
            {
                command.add(arg);
            }
        }
        command.add("-D" + StoreSwitch.PROPERTY + "=true");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(CompiledOutScenario.class.getName());
        final Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        final boolean exited = child.waitFor(60, TimeUnit.SECONDS);
        if (!exited)
        {
            child.destroyForcibly();
        }
        final String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(exited, "child JVM timed out: " + output);
        assertEquals(0, child.exitValue(), output);
        assertTrue(output.contains("OK compiledOut=true gapFills=1"), output);
        assertTrue(output.contains("storeCalls=0"), output);
    }
}
