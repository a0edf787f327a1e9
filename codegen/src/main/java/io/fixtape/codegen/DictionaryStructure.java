package io.fixtape.codegen;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two things of a QuickFIX-format dictionary that the engine's {@code Dictionary} model does not keep, read
 * from the same XML: the nesting of components and groups as written (the engine flattens components into their
 * messages) and the descriptions of enumerated values (the engine keeps the values packed for validation, without
 * names). Everything else the generator needs (tags, types, required tags in QuickFIX/J's order, group delimiters,
 * which values are valid) comes from the engine model; {@link CodecModel} checks that both agree.
 *
 * <p>Generation time only; immutable.
 */
final class DictionaryStructure
{
    /** What a container lists: a field, a component reference or a repeating group. */
    enum Kind
    {
        FIELD, COMPONENT, GROUP
    }

    /**
     * One child of a message, component, group or the header, as written.
     *
     * @param children a group's members (empty otherwise).
     */
    record Entry(Kind kind, String name, boolean required, List<Entry> children)
    {
    }

    /** One {@code <message>}. */
    record Message(String name, String msgType, List<Entry> entries)
    {
    }

    /** One {@code <value enum=".." description=".."/>} of a field. */
    record EnumValue(String value, String description)
    {
    }

    private final Map<String, List<Entry>> components;
    private final List<Message> messages;
    private final List<Entry> header;
    private final Map<String, List<EnumValue>> enumValues;

    private DictionaryStructure(
        final Map<String, List<Entry>> components,
        final List<Message> messages,
        final List<Entry> header,
        final Map<String, List<EnumValue>> enumValues)
    {
        this.components = components;
        this.messages = messages;
        this.header = header;
        this.enumValues = enumValues;
    }

    /** Components by name, in document order. */
    Map<String, List<Entry>> components()
    {
        return components;
    }

    List<Message> messages()
    {
        return messages;
    }

    /** The header's entries (empty for a FIX 5.0 application dictionary). */
    List<Entry> header()
    {
        return header;
    }

    /** Enumerated values of the field named {@code fieldName}, in document order (empty when none). */
    List<EnumValue> enumValues(final String fieldName)
    {
        return enumValues.getOrDefault(fieldName, Collections.emptyList());
    }

    /** Names of the fields that list enumerated values, in document order. */
    java.util.Set<String> enumFields()
    {
        return enumValues.keySet();
    }

    /** Reads the structure of a dictionary the engine has already loaded from the same bytes. */
    static DictionaryStructure read(final byte[] xml, final String source)
    {
        final Document document;
        try
        {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
        }
        catch (final Exception ex)
        {
            throw new GeneratorException(source + ": could not parse data dictionary: " + ex.getMessage(), ex);
        }
        final Element root = document.getDocumentElement();

        final Map<String, List<EnumValue>> enumValues = new LinkedHashMap<>();
        final Element fields = firstChild(root, "fields");
        if (fields != null)
        {
            for (final Element field : children(fields, "field"))
            {
                final List<EnumValue> values = new ArrayList<>();
                for (final Element value : children(field, "value"))
                {
                    values.add(new EnumValue(value.getAttribute("enum"), value.getAttribute("description")));
                }
                if (!values.isEmpty())
                {
                    enumValues.put(field.getAttribute("name"), Collections.unmodifiableList(values));
                }
            }
        }

        final Map<String, List<Entry>> components = new LinkedHashMap<>();
        final Element componentsNode = firstChild(root, "components");
        if (componentsNode != null)
        {
            for (final Element component : children(componentsNode, "component"))
            {
                components.put(component.getAttribute("name"), entries(component));
            }
        }

        final List<Message> messages = new ArrayList<>();
        final Element messagesNode = firstChild(root, "messages");
        if (messagesNode != null)
        {
            for (final Element message : children(messagesNode, "message"))
            {
                messages.add(new Message(message.getAttribute("name"), message.getAttribute("msgtype"), entries(message)));
            }
        }

        final Element headerNode = firstChild(root, "header");
        final List<Entry> header = headerNode == null ? Collections.emptyList() : entries(headerNode);
        return new DictionaryStructure(Collections.unmodifiableMap(components), Collections.unmodifiableList(messages),
            header, Collections.unmodifiableMap(enumValues));
    }

    private static List<Entry> entries(final Element container)
    {
        final List<Entry> entries = new ArrayList<>();
        for (final Element child : children(container, null))
        {
            final boolean required = "Y".equalsIgnoreCase(child.getAttribute("required"));
            final String name = child.getAttribute("name");
            switch (child.getNodeName())
            {
                case "field":
                    entries.add(new Entry(Kind.FIELD, name, required, Collections.emptyList()));
                    break;
                case "component":
                    entries.add(new Entry(Kind.COMPONENT, name, required, Collections.emptyList()));
                    break;
                case "group":
                    entries.add(new Entry(Kind.GROUP, name, required, entries(child)));
                    break;
                default:
                    break;
            }
        }
        return Collections.unmodifiableList(entries);
    }

    private static Element firstChild(final Element parent, final String name)
    {
        final List<Element> list = children(parent, name);
        return list.isEmpty() ? null : list.get(0);
    }

    private static List<Element> children(final Element parent, final String name)
    {
        final NodeList nodes = parent.getChildNodes();
        final List<Element> list = new ArrayList<>(nodes.getLength());
        for (int i = 0; i < nodes.getLength(); i++)
        {
            final Node node = nodes.item(i);
            if (node.getNodeType() == Node.ELEMENT_NODE && (name == null || name.equals(node.getNodeName())))
            {
                list.add((Element)node);
            }
        }
        return list;
    }
}
