package dev.skills.core.resource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.parse.SkillLoader;
import org.jspecify.annotations.Nullable;

import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * A skill inside a jar (including a jar nested in a Spring Boot executable jar). Jar content does
 * not change while the application runs, so the file listing is read once.
 */
final class ClasspathSkillSource implements SkillSource {

	private final Resource skillFile;

	private final ResourcePatternResolver resolver;

	private final String url;

	private final String baseUrl;

	private final boolean builtin;

	private volatile @Nullable List<String> files;

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
	public Reader openSkillFile() throws IOException {
		return new BufferedReader(new InputStreamReader(this.skillFile.getInputStream(), StandardCharsets.UTF_8));
	}

	@Override
	public InputStream openSkillStream() throws IOException {
		return this.skillFile.getInputStream();
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
			listed = listFiles();
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
			Resource resource = this.skillFile.createRelative(relative);
			try (InputStream in = resource.getInputStream()) {
				byte[] head = in.readNBytes(Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
				return ResourceText.file(relative, head, resource.contentLength(), maxBytes);
			}
		}
		catch (IOException ex) {
			throw new SkillResourceException(Reason.UNREADABLE,
					"Cannot read '" + path + "' from skill '" + skill + "': " + ex.getMessage());
		}
	}

	private List<String> listFiles() {
		List<String> listed = new ArrayList<>();
		try {
			for (Resource resource : this.resolver.getResources(this.baseUrl + "**")) {
				String relative = describe(resource).substring(this.baseUrl.length());
				if (isListed(relative) && resource.isReadable()) {
					listed.add(relative);
				}
			}
		}
		catch (IOException ex) {
			return List.of();
		}
		Collections.sort(listed);
		return List.copyOf(listed.subList(0, Math.min(listed.size(), SkillFiles.MAX_FILES)));
	}

	private static boolean isListed(String relative) {
		if (relative.isEmpty() || relative.endsWith("/") || SkillLoader.isSkillFileName(relative)) {
			return false;
		}
		String[] segments = relative.split("/");
		if (segments.length > SkillFiles.MAX_DEPTH + 1) {
			return false;
		}
		for (String segment : segments) {
			if (SkillFiles.isSkipped(segment)) {
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

}
