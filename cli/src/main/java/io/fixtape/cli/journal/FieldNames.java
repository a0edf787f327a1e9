package io.fixtape.cli.journal;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * Tag names and enum meanings of the standard dictionaries (the QuickFIX/J XML files the engine ships), for
 * {@code journal cat --format named}: {@code 54=1} reads {@code Side=1(BUY)}. FIXT.1.1 sessions get the transport
 * dictionary's fields and FIX.5.0SP2's. Loaded once per BeginString; tags a dictionary does not know keep their
 * number. Not the hot path.
 */
final class FieldNames
{
    private static final String RESOURCE = "/io/fixtape/engine/dictionary/standard/";
    private static final Map<String, FieldNames> BY_BEGIN_STRING = new HashMap<>();

    private final Map<Integer, String> names = new HashMap<>();
    private final Map<Integer, Map<String, String>> meanings = new HashMap<>();

    private FieldNames()
    {
    }

    /** The names for a session's BeginString (FIX.4.0 … FIX.4.4, FIXT.1.1). */
    static synchronized FieldNames of(final String beginString)
    {
        return BY_BEGIN_STRING.computeIfAbsent(beginString, FieldNames::load);
    }

    private static FieldNames load(final String beginString)
    {
        final FieldNames fields = new FieldNames();
        if ("FIXT.1.1".equals(beginString))
        {
            fields.read("FIX50SP2.xml");
            fields.read("FIXT11.xml");
        }
        else
        {
            fields.read(beginString.replace(".", "") + ".xml");
        }
        return fields;
    }

    private void read(final String file)
    {
        try (InputStream in = FieldNames.class.getResourceAsStream(RESOURCE + file))
        {
            if (in == null)
            {
                return; // an unknown BeginString: numbers only
            }
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            final Document document = factory.newDocumentBuilder().parse(in);
            final NodeList fieldNodes = document.getElementsByTagName("field");
            for (int i = 0; i < fieldNodes.getLength(); i++)
            {
                final Element field = (Element)fieldNodes.item(i);
                if (!field.hasAttribute("number"))
                {
                    continue; // a reference inside a message, not a definition
                }
                final int tag = Integer.parseInt(field.getAttribute("number"));
                names.put(tag, field.getAttribute("name"));
                final NodeList values = field.getElementsByTagName("value");
                for (int v = 0; v < values.getLength(); v++)
                {
                    final Element value = (Element)values.item(v);
                    meanings.computeIfAbsent(tag, t -> new HashMap<>())
                        .put(value.getAttribute("enum"), value.getAttribute("description"));
                }
            }
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("cannot read dictionary " + file + ": " + ex, ex);
        }
    }

    /** {@code tag=value} as {@code Name=value(MEANING)}; fields separated by {@code |}. */
    String name(final String fix)
    {
        final StringBuilder out = new StringBuilder(fix.length() * 2);
        int from = 0;
        while (from < fix.length())
        {
            int end = fix.indexOf('\u0001', from);
            if (end < 0)
            {
                end = fix.length();
            }
            final String field = fix.substring(from, end);
            final int eq = field.indexOf('=');
            out.append(out.length() == 0 ? "" : "|");
            if (eq > 0 && isNumber(field, eq))
            {
                final int tag = Integer.parseInt(field.substring(0, eq));
                final String value = field.substring(eq + 1);
                out.append(names.getOrDefault(tag, Integer.toString(tag))).append('=').append(value);
                final Map<String, String> tagMeanings = meanings.get(tag);
                final String meaning = tagMeanings == null ? null : tagMeanings.get(value);
                if (meaning != null)
                {
                    out.append('(').append(meaning).append(')');
                }
            }
            else
            {
                out.append(field);
            }
            from = end + 1;
        }
        return out.toString();
    }

    private static boolean isNumber(final String field, final int end)
    {
        if (end > 9)
        {
            return false;
        }
        for (int i = 0; i < end; i++)
        {
            if (field.charAt(i) < '0' || field.charAt(i) > '9')
            {
                return false;
            }
        }
        return true;
    }
}
