package dev.skills.core.internal.resource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

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
	public InputStream openSkillStream() throws IOException {
		// Discovery reads every SKILL.md this way: a plain file opens at once, without
		// following
		// links. Anything else takes the same guard as any bundled file: a SKILL.md that
		// links
		// outside its folder is not read.
		InputStream plain = GuardedFiles.openPlain(this.skillFile);
		if (plain != null) {
			return plain;
		}
		GuardedFiles.Target target = GuardedFiles.resolve(directory(), String.valueOf(this.skillFile.getFileName()));
		if (target.kind() != GuardedFiles.Kind.FILE) {
			throw new FileSystemException(null, null,
					(target.kind() == GuardedFiles.Kind.OUTSIDE) ? ResourcePaths.OUTSIDE : "it is not a regular file");
		}
		return GuardedFiles.open(target);
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
		GuardedFiles.Target target;
		try {
			target = GuardedFiles.resolve(directory(), relative);
		}
		catch (NoSuchFileException | InvalidPathException ex) {
			// A dangling link, a file deleted meanwhile, or a name this platform cannot
			// even
			// spell (under LC_ALL=C, say): either way there is no such file.
			throw ResourcePaths.notFound(skill, path, files());
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
		return switch (target.kind()) {
			case OUTSIDE -> throw ResourcePaths.rejected(skill, path, ResourcePaths.OUTSIDE);
			case HIDDEN -> throw ResourcePaths.rejected(skill, path, ResourcePaths.HIDDEN);
			case OTHER -> ResourceText.special(relative);
			case DIRECTORY -> listing(target);
			case FILE -> readFile(skill, path, relative, target, maxBytes);
		};
	}

	private String listing(GuardedFiles.Target target) {
		String inside = target.inside().toString().replace(target.inside().getFileSystem().getSeparator(), "/");
		String prefix = inside.isEmpty() ? "" : inside + "/";
		return ResourceText.listing(inside, files().stream().filter((file) -> file.startsWith(prefix)).toList());
	}

	private static String readFile(String skill, String path, String relative, GuardedFiles.Target target,
			int maxBytes) {
		try {
			byte[] head = GuardedFiles.readHead(target, Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1);
			return ResourceText.file(relative, head, target.size(), maxBytes);
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
	}

}
