package dev.skills.core.registry;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Builds real jar files for tests, with a directory entry for every folder as build tools
 * write them (class loaders only find a folder such as {@code META-INF/skills/} through
 * its entry).
 */
final class TestJars {

	private final Map<String, byte[]> entries = new LinkedHashMap<>();

	private String mainClass;

	static TestJars builder() {
		return new TestJars();
	}

	TestJars add(String name, String text) {
		return add(name, text.getBytes(StandardCharsets.UTF_8));
	}

	TestJars add(String name, byte[] content) {
		this.entries.put(name, content);
		return this;
	}

	TestJars mainClass(String mainClass) {
		this.mainClass = mainClass;
		return this;
	}

	/**
	 * Add every file below a folder, under a prefix.
	 */
	TestJars addTree(Path folder, String prefix) {
		try (var files = Files.walk(folder)) {
			for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
				add(prefix + folder.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return this;
	}

	Path write(Path jar) {
		Manifest manifest = new Manifest();
		manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
		if (this.mainClass != null) {
			manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, this.mainClass);
		}
		Set<String> directories = new LinkedHashSet<>();
		for (String name : this.entries.keySet()) {
			for (int slash = name.indexOf('/'); slash >= 0; slash = name.indexOf('/', slash + 1)) {
				directories.add(name.substring(0, slash + 1));
			}
		}
		try {
			Files.createDirectories(jar.getParent());
			try (OutputStream out = Files.newOutputStream(jar);
					JarOutputStream jarOut = new JarOutputStream(out, manifest)) {
				for (String directory : directories) {
					jarOut.putNextEntry(new JarEntry(directory));
					jarOut.closeEntry();
				}
				for (Map.Entry<String, byte[]> entry : this.entries.entrySet()) {
					jarOut.putNextEntry(new JarEntry(entry.getKey()));
					jarOut.write(entry.getValue());
					jarOut.closeEntry();
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return jar;
	}

}
