package dev.colony.core.internal.example;

import java.io.IOException;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The dependencies of a {@code pom.xml}: {@code groupId:artifactId} to version, with {@code ${...}} resolved from
 * the pom's own properties and project coordinates. The JDK's parser reads it with DOCTYPE declarations refused and
 * no external entity, DTD or schema fetched. A version a parent or imported BOM manages reads
 * {@link Manifest#MANAGED}, with a note.
 */
final class MavenPom {

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    private MavenPom() {
    }

    static Map<String, String> dependencies(String text, List<String> notes) {
        Map<String, String> found = new TreeMap<>();
        Element project;
        try {
            project = parse(text).getDocumentElement();
        } catch (IOException | SAXException | ParserConfigurationException e) {
            notes.add("pom.xml could not be read as XML without a DOCTYPE; no dependencies read");
            return found;
        }
        Map<String, String> properties = new LinkedHashMap<>();
        Element parent = child(project, "parent");
        String version = text(project, "version", text(parent, "version", ""));
        properties.put("project.version", version);
        properties.put("project.groupId", text(project, "groupId", text(parent, "groupId", "")));
        Element declared = child(project, "properties");
        if (declared != null) {
            for (Node node = declared.getFirstChild(); node != null; node = node.getNextSibling()) {
                if (node instanceof Element property) {
                    properties.put(property.getTagName(), property.getTextContent().strip());
                }
            }
        }
        if (parent != null) {
            notes.add("pom.xml inherits from " + text(parent, "groupId", "?") + ":" + text(parent, "artifactId", "?")
                    + ":" + text(parent, "version", "?") + "; versions it manages are not in this delta");
        }
        Element dependencies = child(project, "dependencies");
        if (dependencies == null) {
            return found;
        }
        for (Node node = dependencies.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (!(node instanceof Element dependency) || !dependency.getTagName().equals("dependency")) {
                continue;
            }
            String coordinates = resolve(text(dependency, "groupId", ""), properties, notes) + ":"
                    + resolve(text(dependency, "artifactId", ""), properties, notes);
            String declaredVersion = text(dependency, "version", "");
            if (declaredVersion.isEmpty()) {
                notes.add("the version of " + coordinates + " comes from a parent or BOM");
                found.put(coordinates, Manifest.MANAGED);
            } else {
                found.put(coordinates, resolve(declaredVersion, properties, notes));
            }
        }
        return found;
    }

    private static Document parse(String text) throws IOException, SAXException, ParserConfigurationException {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
        factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        factory.setXIncludeAware(false);
        factory.setExpandEntityReferences(false);
        factory.setNamespaceAware(false);
        DocumentBuilder builder = factory.newDocumentBuilder();
        builder.setErrorHandler(new DefaultHandler());
        return builder.parse(new InputSource(new StringReader(text)));
    }

    private static String resolve(String value, Map<String, String> properties, List<String> notes) {
        Matcher matcher = PROPERTY.matcher(value);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String known = properties.get(matcher.group(1));
            if (known == null || known.isEmpty()) {
                notes.add("property ${" + matcher.group(1) + "} is not defined in pom.xml; kept as written");
                known = matcher.group();
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(known));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && element.getTagName().equals(name)) {
                return element;
            }
        }
        return null;
    }

    private static String text(Element parent, String name, String otherwise) {
        Element child = child(parent, name);
        return child == null ? otherwise : child.getTextContent().strip();
    }
}
