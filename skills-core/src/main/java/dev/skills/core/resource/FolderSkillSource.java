package dev.skills.core.resource;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;

/**
 * A skill in a folder on disk.
 *
 * @param skillFile the {@code SKILL.md}
 * @param builtin whether it ships inside this library
 */
record FolderSkillSource(Path skillFile, boolean builtin) implements SkillSource {

	private Path directory() {
		Path parent = this.skillFile.getParent();
		return (parent != null) ? parent : Path.of(".");
	}

	@Override
	public String location() {
		return this.skillFile.toString();
	}

	@Override
	public String baseDirectory() {
		return directory().toString();
	}

	@Override
	public String directoryName() {
		return String.valueOf(directory().toAbsolutePath().normalize().getFileName());
	}

	@Override
	public String origin() {
		return baseDirectory();
	}

	@Override
	public boolean isFolder() {
		return true;
	}

	@Override
	public Reader openSkillFile() throws IOException {
		return Files.newBufferedReader(this.skillFile, StandardCharsets.UTF_8);
	}

	@Override
	public InputStream openSkillStream() throws IOException {
		return Files.newInputStream(this.skillFile);
	}

	@Override
	public Fingerprint fingerprint() {
		try {
			BasicFileAttributes attributes = Files.readAttributes(this.skillFile, BasicFileAttributes.class);
			return new Fingerprint(attributes.lastModifiedTime().toMillis(), attributes.size());
		}
		catch (IOException ex) {
			return Fingerprint.MISSING;
		}
	}

	@Override
	public List<String> files() {
		return SkillFiles.list(directory());
	}

	@Override
	public String read(String skill, String path, int maxBytes) {
		String relative = ResourcePaths.check(skill, path);
		Path base = directory();
		Path target = relative.isEmpty() ? base : base.resolve(relative);
		if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
			throw ResourcePaths.notFound(skill, path, files());
		}
		try {
			// A link may point anywhere: judge the real path, not the name.
			Path realBase = base.toRealPath();
			Path real = target.toRealPath();
			if (!real.startsWith(realBase)) {
				throw ResourcePaths.rejected(skill, path, "it links outside the skill folder");
			}
			if (Files.isDirectory(real)) {
				String prefix = relative.isEmpty() ? "" : relative + "/";
				return ResourceText.listing(relative, files().stream().filter((f) -> f.startsWith(prefix)).toList());
			}
			long size = Files.size(real);
			try (InputStream in = Files.newInputStream(real)) {
				byte[] head = in.readNBytes(Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
				return ResourceText.file(relative, head, size, maxBytes);
			}
		}
		catch (NoSuchFileException ex) {
			// A dangling link, or a file deleted meanwhile: not found. The exception's message is
			// an absolute server path, not for the model.
			throw ResourcePaths.notFound(skill, path, files());
		}
		catch (IOException ex) {
			throw new SkillResourceException(Reason.UNREADABLE,
					"Cannot read '" + path + "' from skill '" + skill + "': " + ex.getMessage());
		}
	}

}
