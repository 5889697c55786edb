package dev.skills.core.internal.files;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

import dev.skills.core.internal.files.SkillFileLookup.SkillFile;
import dev.skills.core.source.SkillSource;
import org.jspecify.annotations.Nullable;

/**
 * A skill in a folder on disk. Its folder's path and name are worked out once: discovery
 * and every reload key entries by them. Every open runs as a {@link FileReads} read.
 */
public final class FolderSkillSource implements SkillSource {

	private final Path skillFile;

	private final boolean builtin;

	private final Path directory;

	private final String baseDirectory;

	private final FileReads reads;

	// The SKILL.md's file key as the walk that found it read it, or null: only the key,
	// as every skill keeps its source.
	private final @Nullable Object listedKey;

	private FolderSkillSource(Path directory, Path skillFile, boolean builtin, @Nullable Object listedKey,
			FileReads reads) {
		this.skillFile = skillFile;
		this.builtin = builtin;
		this.listedKey = listedKey;
		this.directory = directory;
		this.baseDirectory = directory.toString();
		this.reads = reads;
	}

	/**
	 * A skill whose {@code SKILL.md} a walk or lookup found: the first open checks
	 * against the attributes it read instead of reading them again.
	 * @param found the skill file as found
	 * @param builtin whether it ships inside this library
	 * @param reads the owner of the threads that open its files
	 * @return the source
	 */
	public static FolderSkillSource of(SkillFile found, boolean builtin, FileReads reads) {
		BasicFileAttributes listed = found.plainFile();
		return new FolderSkillSource(found.directory(), found.path(), builtin,
				(listed != null) ? listed.fileKey() : null, reads);
	}

	/**
	 * A skill by the path of its {@code SKILL.md}.
	 * @param skillFile the file
	 * @param builtin whether it ships inside this library
	 * @param reads the owner of the threads that open its files
	 * @return the source
	 */
	public static FolderSkillSource of(Path skillFile, boolean builtin, FileReads reads) {
		return new FolderSkillSource(Objects.requireNonNullElse(skillFile.getParent(), Path.of(".")), skillFile,
				builtin, null, reads);
	}

	@Override
	public String location() {
		return this.skillFile.toString();
	}

	@Override
	public String baseDirectory() {
		return this.baseDirectory;
	}

	@Override
	public String directoryName() {
		String name = String.valueOf(this.directory.getFileName());
		// Only a folder written as "." or ".." must be resolved to be named.
		return (!name.equals(".") && !name.equals("..")) ? name
				: String.valueOf(this.directory.toAbsolutePath().normalize().getFileName());
	}

	@Override
	public boolean builtin() {
		return this.builtin;
	}

	@Override
	public String origin() {
		return this.baseDirectory;
	}

	@Override
	public OpenSkillFile openSkill() throws IOException {
		return this.reads
			.read(new FileReads.Read<>(this.baseDirectory, this::open, GuardedFiles.release(this.skillFile)));
	}

	// A plain file opens at once, without following links, and the checks of the open
	// give its fingerprint. Anything else takes the same guard as any bundled file: a
	// SKILL.md that links outside its folder is not read.
	private OpenSkillFile open() throws IOException {
		OpenSkillFile plain = GuardedFiles.openPlain(this.skillFile, this.listedKey);
		if (plain != null) {
			return plain;
		}
		Fingerprint fingerprint = fingerprint();
		Target target = Target.resolve(this.directory, String.valueOf(this.skillFile.getFileName()));
		if (target.kind() != Target.Kind.FILE) {
			throw new FileSystemException(null, null,
					(target.kind() == Target.Kind.OUTSIDE) ? ResourcePaths.OUTSIDE : "it is not a regular file");
		}
		return new OpenSkillFile(GuardedFiles.openStream(target), fingerprint);
	}

	@Override
	public Fingerprint fingerprint() {
		try {
			return Fingerprint.of(Files.readAttributes(this.skillFile, BasicFileAttributes.class));
		}
		catch (IOException ex) {
			return Fingerprint.MISSING;
		}
	}

	@Override
	public Listing listFiles() {
		return SkillFiles.list(this.directory);
	}

	@Override
	public String read(String skill, String path, int maxBytes, Listing listing) {
		String relative = ResourcePaths.check(skill, path);
		Target target;
		try {
			target = Target.resolve(this.directory, relative);
		}
		catch (NoSuchFileException | InvalidPathException ex) {
			// A dangling link, a file deleted meanwhile, or a name this platform cannot
			// even spell (under LC_ALL=C, say): either way there is no such file.
			throw ResourcePaths.notFound(skill, path, listing.files());
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
		return switch (target.kind()) {
			case OUTSIDE -> throw ResourcePaths.rejected(skill, path, ResourcePaths.OUTSIDE);
			case HIDDEN -> throw ResourcePaths.rejected(skill, path, ResourcePaths.HIDDEN);
			case OTHER -> ResourceText.special(relative);
			case DIRECTORY -> ResourceText.listing(
					target.inside().toString().replace(target.inside().getFileSystem().getSeparator(), "/"),
					listing.files());
			case FILE -> readFile(skill, path, relative, target, maxBytes);
		};
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other instanceof FolderSkillSource that && this.skillFile.equals(that.skillFile)
				&& this.builtin == that.builtin;
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.skillFile, this.builtin);
	}

	@Override
	public String toString() {
		return "FolderSkillSource[" + this.skillFile + "]";
	}

	private String readFile(String skill, String path, String relative, Target target, int maxBytes) {
		int limit = Math.max(maxBytes, ResourceText.BINARY_SNIFF_BYTES) + 1;
		try {
			byte[] head = this.reads.read(new FileReads.Read<>(this.baseDirectory,
					() -> GuardedFiles.readHead(target, limit), GuardedFiles.release(target)));
			return ResourceText.file(relative, head, target.size(), maxBytes);
		}
		catch (IOException ex) {
			throw ResourcePaths.unreadable(skill, path, ex);
		}
	}

}
