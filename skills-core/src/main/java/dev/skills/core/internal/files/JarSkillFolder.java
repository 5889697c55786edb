package dev.skills.core.internal.files;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import dev.skills.core.folder.SkillFolder;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * A skill inside a jar (including a jar nested in a Spring Boot executable jar). Its
 * files are listed and read under the same rules as a folder's: a listing is cut at
 * {@link SkillFiles#MAX_FILES}, and a file past the cut can still be read by path.
 */
public final class JarSkillFolder implements SkillFolder {

	private final Resource skillFile;

	private final ResourcePatternResolver resolver;

	private final String url;

	private final String baseUrl;

	private final boolean builtin;

	private volatile @Nullable JarFolder jar;

	// The resolver lists the skill's files where they are not in a jar.
	public JarSkillFolder(Resource skillFile, ResourcePatternResolver resolver, boolean builtin) {
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

	// Jar entries are listed by name, as stored: resource URLs would encode '#' and
	// decode '%41'.
	@Override
	public Listing listFiles() {
		List<String> listed = new ArrayList<>();
		try {
			JarFolder jar = jarFolder();
			if (jar != null) {
				jar.file()
					.stream()
					.filter((entry) -> !entry.isDirectory() && entry.getName().startsWith(jar.prefix()))
					.map((entry) -> entry.getName().substring(jar.prefix().length()))
					.filter(JarSkillFolder::isListed)
					.forEach(listed::add);
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
		}
		catch (IOException | RuntimeException ex) {
			// An entry not foreseen costs this skill its files, not every request.
			return Listing.EMPTY;
		}
		Collections.sort(listed);
		boolean cut = listed.size() > SkillFiles.MAX_FILES;
		return new Listing(listed.subList(0, Math.min(listed.size(), SkillFiles.MAX_FILES)), cut);
	}

	@Override
	public String read(String skill, String path, int maxBytes, Listing listing) {
		String relative = ResourcePaths.check(skill, path);
		try {
			// The skill's own file reads as on disk (MCP serves it as a resource): it is
			// not in the listing, which names the files the skill bundles.
			if (relative.equals(this.url.substring(this.url.lastIndexOf('/') + 1))) {
				return ResourcePaths.file(relative, this.skillFile.getInputStream(), this.skillFile.contentLength(),
						maxBytes);
			}
			JarFolder jar = jarFolder();
			if (jar != null) {
				JarEntry entry = relative.isEmpty() ? null : jar.file().getJarEntry(jar.prefix() + relative);
				if (entry != null && !entry.isDirectory() && isListed(relative)) {
					return ResourcePaths.file(relative, jar.file().getInputStream(entry), entry.getSize(), maxBytes);
				}
			}
			else if (listing.files().contains(relative)) {
				Resource resource = this.skillFile.createRelative(relative);
				return ResourcePaths.file(relative, resource.getInputStream(), resource.contentLength(), maxBytes);
			}
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
		String prefix = relative.isEmpty() ? "" : relative + "/";
		if (listing.files().stream().noneMatch((file) -> file.startsWith(prefix))) {
			throw ResourcePaths.notFound(skill, path, listing.files());
		}
		return ResourcePaths.listing(relative, listing.files());
	}

	// null when the skill is not in a jar.
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

	// No empty segment (nor a trailing '/'); "." and ".." are hidden names, so an entry
	// named "a/../../x" cannot leave the skill folder.
	private static boolean isListed(String relative) {
		String[] segments = relative.split("/", -1);
		if (segments.length > SkillFiles.MAX_DEPTH + 1 || relative.indexOf('\\') >= 0 || relative.indexOf('\0') >= 0
				|| (segments.length == 1 && SkillFiles.isSkillFileName(relative))) {
			return false;
		}
		for (String segment : segments) {
			if (segment.isEmpty() || SkillFiles.isSkipped(segment)) {
				return false;
			}
		}
		return true;
	}

	private static String describe(Resource resource) {
		try {
			return resource.getURL().toString();
		}
		catch (IOException ex) {
			return resource.getDescription();
		}
	}

	// prefix: the entry name of the skill folder, ending in '/'
	private record JarFolder(JarFile file, String prefix) {
	}

}
