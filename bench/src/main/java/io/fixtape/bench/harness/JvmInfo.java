package io.fixtape.bench.harness;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/** The running JVM as it reports itself: version, vendor and the flags it was actually started with. */
public final class JvmInfo
{
    private JvmInfo()
    {
    }

    public static Map<String, Object> describe()
    {
        final Map<String, Object> out = new LinkedHashMap<>();
        out.put("version", System.getProperty("java.runtime.version"));
        out.put("vm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
        out.put("vendor", System.getProperty("java.vendor"));
        out.put("input_arguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        out.put("gc", ManagementFactory.getGarbageCollectorMXBeans().stream().map(b -> b.getName()).toList());
        out.put("available_processors", Runtime.getRuntime().availableProcessors());
        return out;
    }
}
