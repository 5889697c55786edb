package dev.skills.core.internal.resource;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import dev.skills.core.internal.parse.SkillLoader;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * A skill inside a jar (including a jar nested in a Spring Boot executable jar). Jar
 * content does not change while the application runs, so the file listing is read once.
 */
final class ClasspathSkillSource implements SkillSource {

	private final Resource skillFile;

	private final ResourcePatternResolver resolver;

	private final String url;

	private final String baseUrl;

	private final boolean builtin;

	private volatile @Nullable List<String> files;

	private volatile @Nullable JarFolder jar;

	ClasspathSkillSource(Resource skillFile, ResourcePatternResolver resolver, boolean builtin) {
		this.skillFile = skillFile;
		this.resolver = resolver;
		this.builtin = builtin;
		this.url = describe(skillFile);
		this.baseUrl = this.url.substring(0, this.url.lastIndexOf('/') + 1);
	}

	@Override
	public String location() {
		return this.url;
	}

	@Override
	public String baseDirectory() {
		return this.baseUrl;
	}

	@Override
	public String directoryName() {
		String base = this.baseUrl.substring(0, this.baseUrl.length() - 1);
		return base.substring(base.lastIndexOf('/') + 1);
	}

	@Override
	public String origin() {
		int entry = this.url.lastIndexOf("!/");
		return (entry >= 0) ? this.url.substring(0, entry) : this.baseUrl;
	}

	@Override
	public boolean builtin() {
		return this.builtin;
	}

	@Override
	public boolean isFolder() {
		return false;
	}

	@Override
	public OpenSkillFile openSkill() throws IOException {
		return new OpenSkillFile(this.skillFile.getInputStream(), fingerprint());
	}

	@Override
	public Fingerprint fingerprint() {
		try {
			return new Fingerprint(this.skillFile.lastModified(), this.skillFile.contentLength());
		}
		catch (IOException ex) {
			return Fingerprint.MISSING;
		}
	}

	@Override
	public List<String> files() {
		List<String> listed = this.files;
		if (listed == null) {
			try {
				listed = listFiles();
			}
			catch (IOException | RuntimeException ex) {
				// An entry this code did not foresee must cost this skill its files, not
				// break
				// every request.
				listed = List.of();
			}
			this.files = listed;
		}
		return listed;
	}

	@Override
	public String read(String skill, String path, int maxBytes) {
		String relative = ResourcePaths.check(skill, path);
		List<String> all = files();
		String prefix = relative.isEmpty() ? "" : relative + "/";
		if (!all.contains(relative)) {
			List<String> below = all.stream().filter((file) -> file.startsWith(prefix)).toList();
			if (below.isEmpty()) {
				throw ResourcePaths.notFound(skill, path, all);
			}
			return ResourceText.listing(relative, below);
		}
		try {
			JarFolder jar = jarFolder();
			JarEntry entry = (jar != null) ? jar.file().getJarEntry(jar.prefix() + relative) : null;
			if (entry != null) {
				return render(relative, jar.file().getInputStream(entry), entry.getSize(), maxBytes);
			}
			Resource resource = this.skillFile.createRelative(relative);
			return render(relative, resource.getInputStream(), resource.contentLength(), maxBytes);
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
	}

	private static String render(String relative, InputStream stream, long size, int maxBytes) throws IOException {
		try (InputStream in = stream) {
			byte[] head = in.readNBytes(Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
			return ResourceText.file(relative, head, Math.max(size, head.length), maxBytes);
		}
	}

	// Jar entries are listed by name, as stored: resource URLs would encode '#' and
	// decode '%41'.
	private List<String> listFiles() throws IOException {
		List<String> listed = new ArrayList<>();
		JarFolder jar = jarFolder();
		if (jar != null) {
			for (Enumeration<JarEntry> entries = jar.file().entries(); entries.hasMoreElements();) {
				JarEntry entry = entries.nextElement();
				String name = entry.getName();
				if (!entry.isDirectory() && name.startsWith(jar.prefix())
						&& isListed(name.substring(jar.prefix().length()))) {
					listed.add(name.substring(jar.prefix().length()));
				}
			}
		}
		else {
			for (Resource resource : this.resolver.getResources(this.baseUrl + "**")) {
				String url = describe(resource);
				if (url.startsWith(this.baseUrl) && isListed(url.substring(this.baseUrl.length()))
						&& resource.isReadable()) {
					listed.add(url.substring(this.baseUrl.length()));
				}
			}
		}
		Collections.sort(listed);
		return List.copyOf(listed.subList(0, Math.min(listed.size(), SkillFiles.MAX_FILES)));
	}

	// The jar holding the skill and the entry name of its folder; null when it is not in
	// a jar.
	private @Nullable JarFolder jarFolder() throws IOException {
		JarFolder jar = this.jar;
		if (jar == null) {
			URLConnection connection = this.skillFile.getURL().openConnection();
			if (!(connection instanceof JarURLConnection jarConnection)) {
				return null;
			}
			String entry = jarConnection.getEntryName();
			jar = new JarFolder(jarConnection.getJarFile(), entry.substring(0, entry.lastIndexOf('/') + 1));
			this.jar = jar;
		}
		return jar;
	}

	private static boolean isListed(String relative) {
		if (relative.isEmpty() || relative.endsWith("/") || SkillLoader.isSkillFileName(relative)
				|| relative.indexOf('\\') >= 0 || relative.indexOf('\0') >= 0) {
			return false;
		}
		String[] segments = relative.split("/");
		if (segments.length > SkillFiles.MAX_DEPTH + 1) {
			return false;
		}
		for (String segment : segments) {
			// An entry named "a/../../x" would leave the skill folder: it is no file of
			// the skill.
			if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || SkillFiles.isSkipped(segment)) {
				return false;
			}
		}
		return true;
	}

	static String describe(Resource resource) {
		try {
			return resource.getURL().toString();
		}
		catch (IOException ex) {
			return resource.getDescription();
		}
	}

	/**
	 * A skill folder inside a jar.
	 *
	 * @param file the jar
	 * @param prefix the entry name of the skill folder, ending in {@code /}
	 */
	private record JarFolder(JarFile file, String prefix) {
	}

}
