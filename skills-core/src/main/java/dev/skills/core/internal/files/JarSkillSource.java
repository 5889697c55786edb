package dev.skills.core.internal.files;

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

import dev.skills.core.source.SkillSource;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * A skill inside a jar (including a jar nested in a Spring Boot executable jar). Its
 * files are listed and read under the same rules as a folder's: a listing is cut at
 * {@link SkillFiles#MAX_FILES}, and a file past the cut can still be read by path.
 */
public final class JarSkillSource implements SkillSource {

	private final Resource skillFile;

	private final ResourcePatternResolver resolver;

	private final String url;

	private final String baseUrl;

	private final boolean builtin;

	private volatile @Nullable JarFolder jar;

	/**
	 * Create a source.
	 * @param skillFile the {@code SKILL.md} resource
	 * @param resolver the resolver that found it, to list the skill's files outside jars
	 * @param builtin whether it ships inside this library
	 */
	public JarSkillSource(Resource skillFile, ResourcePatternResolver resolver, boolean builtin) {
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
	public Listing listFiles() {
		try {
			return listFiles0();
		}
		catch (IOException | RuntimeException ex) {
			// An entry this code did not foresee must cost this skill its files, not
			// break every request.
			return Listing.EMPTY;
		}
	}

	@Override
	public String read(String skill, String path, int maxBytes, Listing listing) {
		String relative = ResourcePaths.check(skill, path);
		try {
			JarFolder jar = jarFolder();
			if (jar != null) {
				JarEntry entry = relative.isEmpty() ? null : jar.file().getJarEntry(jar.prefix() + relative);
				if (entry != null && !entry.isDirectory() && isListed(relative)) {
					return render(relative, jar.file().getInputStream(entry), entry.getSize(), maxBytes);
				}
			}
			else if (listing.files().contains(relative)) {
				Resource resource = this.skillFile.createRelative(relative);
				return render(relative, resource.getInputStream(), resource.contentLength(), maxBytes);
			}
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
		String prefix = relative.isEmpty() ? "" : relative + "/";
		if (listing.files().stream().noneMatch((file) -> file.startsWith(prefix))) {
			throw ResourcePaths.notFound(skill, path, listing.files());
		}
		return ResourceText.listing(relative, listing.files());
	}

	private static String render(String relative, InputStream stream, long size, int maxBytes) throws IOException {
		try (InputStream in = stream) {
			byte[] head = in.readNBytes(Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
			return ResourceText.file(relative, head, Math.max(size, head.length), maxBytes);
		}
	}

	// Jar entries are listed by name, as stored: resource URLs would encode '#' and
	// decode '%41'.
	private Listing listFiles0() throws IOException {
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
		boolean cut = listed.size() > SkillFiles.MAX_FILES;
		return new Listing(listed.subList(0, Math.min(listed.size(), SkillFiles.MAX_FILES)), cut);
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
		if (relative.isEmpty() || relative.endsWith("/")
				|| (relative.indexOf('/') < 0 && SkillFiles.isSkillFileName(relative)) || relative.indexOf('\\') >= 0
				|| relative.indexOf('\0') >= 0) {
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
