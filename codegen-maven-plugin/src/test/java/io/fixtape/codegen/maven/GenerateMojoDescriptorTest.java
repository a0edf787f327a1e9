package io.fixtape.codegen.maven;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The hand-written plugin descriptor (as packaged, version filled in) declares exactly the parameters that
 * GenerateMojo's source declares with {@code @Parameter}, with the same property expressions and defaults.
 */
class GenerateMojoDescriptorTest
{
    private static final Pattern PARAMETER = Pattern.compile(
        "@Parameter(?:\\(([^)]*)\\))?\\s+(?:[\\w<>]+\\s+)+?(\\w+)\\s*(?:=[^;]*)?;");
    private static final Pattern PROPERTY = Pattern.compile("property = \"([^\"]+)\"");
    private static final Pattern DEFAULT = Pattern.compile("defaultValue = \"([^\"]+)\"");

    @Test
    void descriptorMatchesTheMojosParameters() throws Exception
    {
        final Map<String, String> fromSource = new LinkedHashMap<>();
        final String source = Files.readString(Path.of("src/main/java/io/fixtape/codegen/maven/GenerateMojo.java"));
        final Matcher parameter = PARAMETER.matcher(source);
        while (parameter.find())
        {
            fromSource.put(parameter.group(2), expectedConfiguration(parameter.group(1) == null ? "" : parameter.group(1)));
        }

        final Map<String, String> fromDescriptor = new LinkedHashMap<>();
        final Element mojo;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/maven/plugin.xml"))
        {
            assertNotNull(in);
            final Element plugin = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in).getDocumentElement();
            assertEquals("0.1.0-SNAPSHOT", text(plugin, "version"), "the version is filled in at build time");
            mojo = (Element)plugin.getElementsByTagName("mojo").item(0);
        }
        assertEquals(GenerateMojo.class.getName(), text(mojo, "implementation"));
        final NodeList parameters = ((Element)mojo.getElementsByTagName("parameters").item(0))
            .getElementsByTagName("parameter");
        final Element configuration = (Element)mojo.getElementsByTagName("configuration").item(0);
        for (int i = 0; i < parameters.getLength(); i++)
        {
            final String name = text((Element)parameters.item(i), "name");
            final NodeList configured = configuration.getElementsByTagName(name);
            String expected = "";
            if (configured.getLength() > 0)
            {
                final Element element = (Element)configured.item(0);
                expected = element.getTextContent() + "|" + element.getAttribute("default-value");
            }
            fromDescriptor.put(name, expected);
        }
        assertEquals(fromSource, fromDescriptor);
    }

    /** {@code ${property}|default} as the descriptor's configuration element says it. */
    private static String expectedConfiguration(final String attributes)
    {
        final Matcher property = PROPERTY.matcher(attributes);
        final Matcher defaultValue = DEFAULT.matcher(attributes);
        final String expression = property.find() ? "${" + property.group(1) + "}" : "";
        final String value = defaultValue.find() ? defaultValue.group(1) : "";
        return expression.isEmpty() && value.isEmpty() ? "" : expression + "|" + value;
    }

    private static String text(final Element parent, final String name)
    {
        return parent.getElementsByTagName(name).item(0).getTextContent();
    }
}
